import type { Route } from './+types/maintenance';
import { pageMeta } from '../lib/meta.ts';
import { LogoMark } from '../components/logo.tsx';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Down for maintenance'), { name: 'robots', content: 'noindex' }];

export default function Maintenance() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-night-950 px-4">
      <div className="max-w-md text-center">
        <LogoMark className="mx-auto h-16 w-16" />
        <h1 className="mt-6 font-display text-3xl font-bold">We’ll be right back</h1>
        <p className="mt-3 text-mist-300">The casino is closed for scheduled maintenance. Your balance and open rounds are safe. Please try again shortly.</p>
      </div>
    </main>
  );
}
