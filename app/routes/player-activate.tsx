import type { Route } from './+types/player-activate';

export function loader({ params }: Route.LoaderArgs) {
  return { uuid: params.uuid };
}

export const meta: Route.MetaFunction = () => [{ title: 'Activating your account' }];

/** The activation link's page; the accounts work calls POST /api/activate from here. */
export default function PlayerActivate() {
  return (
    <div className="text-center" aria-live="polite">
      <h1 className="font-display text-2xl font-bold">Activating your account</h1>
      <p className="mt-3 text-mist-300">One moment while we confirm your e-mail address.</p>
    </div>
  );
}
