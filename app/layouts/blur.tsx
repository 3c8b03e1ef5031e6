import { Outlet } from 'react-router';
import { Logo } from '../components/logo.tsx';
import { useSiteState } from '../lib/use-site-state.ts';

/** A short stop on the way somewhere (activation, referral): one card over a blurred stage. */
export default function BlurLayout() {
  const name = useSiteState()?.settings.site_name ?? 'Croupier';
  return (
    <div data-layout="blur" className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-night-950 px-4 py-10">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(247_193_75/0.25),transparent_40%),radial-gradient(circle_at_80%_70%,rgb(31_157_107/0.25),transparent_40%)] blur-2xl"
      />
      <main className="relative w-full max-w-md rounded-card border border-night-600 bg-night-850/90 p-8 shadow-glow backdrop-blur">
        <div className="mb-6 flex justify-center">
          <Logo name={name} />
        </div>
        <Outlet />
      </main>
    </div>
  );
}
