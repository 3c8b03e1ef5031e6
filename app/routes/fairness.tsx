import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/fairness';
import type { RoundMode, SeedRotation } from '../../contract/games.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { CrashVerifier } from '../features/games/verify/crash-verifier.tsx';
import { ManualCheck, StoredRoundCheck, type ManualFields } from '../features/games/verify/round-verifier.tsx';
import { SeedsPanel } from '../features/games/verify/seeds-panel.tsx';
import { siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.get(siteStateContext).viewer !== null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Provably fair', 'Check your seeds, rotate them and recompute any round in your own browser.');

/** The verification page: the seed pair, rotation, and rounds recomputed in the browser with the casino's own engines. */
export default function Fairness({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const mode: RoundMode = search.get('mode') === 'demo' || !loaderData.signedIn ? 'demo' : 'real';
  const roundId = search.get('round');
  const [reload, setReload] = useState(0);
  const [fields, setFields] = useState<ManualFields>(() => ({
    game: search.get('game') ?? 'european-roulette',
    serverSeed: search.get('server_seed') ?? '',
    clientSeed: search.get('client_seed') ?? '',
    nonce: search.get('nonce') ?? '0',
    request: search.get('request') ?? '',
    moves: search.get('moves') ?? '',
    hash: search.get('hash') ?? '',
  }));

  function rotated(rotation: SeedRotation) {
    setReload((count) => count + 1);
    // A round from the link was played under the seed just revealed: fill it in so one click verifies it.
    setFields((current) =>
      current.hash && current.hash === rotation.previous_server_seed_hash ? { ...current, serverSeed: rotation.previous_server_seed } : current,
    );
  }

  return (
    <>
      <PageHeading
        title="Provably fair"
        lead="Every round is decided by HMAC-SHA256 of a server seed, your client seed and a nonce. We publish the server seed's hash before you play and reveal the seed when you rotate it, so you can recompute any round here, in your browser."
      />
      {loaderData.signedIn ? (
        <nav aria-label="Seeds of" className="mb-4 flex gap-2 text-sm">
          {(['real', 'demo'] as const).map((value) => (
            <Link
              key={value}
              to={`?mode=${value}`}
              aria-current={mode === value ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 font-semibold ${mode === value ? 'bg-gold-400 text-night-950' : 'border border-night-600 text-mist-300'}`}
            >
              {value === 'real' ? 'Real money' : 'Demo'}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="space-y-6">
        <SeedsPanel key={mode} mode={mode} onRotated={rotated} />
        {roundId ? <StoredRoundCheck roundId={roundId} reload={reload} /> : null}
        <ManualCheck fields={fields} onChange={setFields} />
        <CrashVerifier initialRound={search.get('crash')} />
      </div>
    </>
  );
}
