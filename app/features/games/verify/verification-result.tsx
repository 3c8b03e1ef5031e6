import type { Recomputed } from './recompute-round.ts';

const POCKET_TONE = { red: 'bg-[#b3262b]', black: 'bg-night-950 ring-1 ring-night-600', green: 'bg-felt-500' } as const;
const units = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The verdict and what the seed gives. `problems` null means there was nothing to compare with (a pasted seed
 * without a published hash): the page then shows the recomputed round only.
 */
export function VerificationResult({ recomputed, problems }: { recomputed: Recomputed; problems: string[] | null }) {
  return (
    <div className="space-y-4" data-testid="verification">
      {problems === null ? (
        <p role="status" className="rounded-lg border border-night-600 bg-night-800 p-3 font-semibold text-mist-100">
          Recomputed from the seeds you entered.
        </p>
      ) : problems.length === 0 ? (
        <p role="status" className="flex items-center gap-2 rounded-lg border border-felt-500/60 bg-felt-500/15 p-3 font-semibold text-felt-500">
          <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
            <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Verified: matches
        </p>
      ) : (
        <div role="alert" className="rounded-lg border border-ruby-500/60 bg-ruby-500/10 p-3 text-sm">
          <p className="font-semibold text-ruby-500">Does not match</p>
          <ul className="mt-1 list-disc pl-5 text-mist-100">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="break-all text-xs text-mist-400">
        SHA-256 of the server seed: <span className="font-mono text-mist-300">{recomputed.serverSeedHash}</span>
      </p>
      {recomputed.kind === 'roulette' ? (
        <p className="flex items-center gap-3">
          <span
            className={`inline-flex h-12 w-12 items-center justify-center rounded-full text-xl font-bold ${POCKET_TONE[recomputed.colour as keyof typeof POCKET_TONE] ?? ''}`}
            data-testid="replayed-pocket"
          >
            {recomputed.pocket}
          </span>
          <span className="text-sm text-mist-300">
            Pocket {recomputed.pocket} ({recomputed.colour}); the bets return {units(recomputed.win)}.
          </span>
        </p>
      ) : recomputed.kind === 'slot' ? (
        <div className="space-y-2 text-sm">
          <p className="text-mist-300">
            {recomputed.spins.length === 1 ? 'One spin' : `${recomputed.spins.length} spins (the paid spin and its free spins)`}, returning{' '}
            {units(recomputed.win)} in all.
          </p>
          <ol className="max-h-80 space-y-2 overflow-y-auto pr-1">
            {recomputed.spins.map((spin, i) => (
              <li key={i} className="rounded-lg bg-night-800 p-2">
                <p className="text-xs text-mist-400">
                  {spin.free ? `Free spin ${i}` : 'Paid spin'} · reel stops{' '}
                  <span className="font-mono text-mist-100" data-testid="reel-stops">
                    {spin.stops.join(', ')}
                  </span>{' '}
                  · pays {units(spin.total)}
                </p>
                <div className="mt-1 grid grid-cols-5 gap-1 font-mono text-[0.625rem] text-mist-300">
                  {spin.grid.map((column, reel) => (
                    <div key={reel} className="min-w-0 space-y-0.5">
                      {column.map((symbol, row) => (
                        <p key={row} className="truncate rounded bg-night-900 px-1 py-0.5">
                          {symbol}
                        </p>
                      ))}
                    </div>
                  ))}
                </div>
              </li>
            ))}
          </ol>
        </div>
      ) : recomputed.kind === 'dice' ? (
        <p className="text-sm text-mist-300">
          The seed rolls{' '}
          <span className="font-mono text-mist-100" data-testid="dice-roll">
            {recomputed.roll.toFixed(2)}
          </span>
          , returning {units(recomputed.win)}.
        </p>
      ) : recomputed.kind === 'plinko' ? (
        <p className="text-sm text-mist-300">
          The seed drops the ball{' '}
          <span className="font-mono text-mist-100" data-testid="plinko-path">
            {recomputed.path.join('')}
          </span>{' '}
          into bucket {recomputed.bucket}, returning {units(recomputed.win)}.
        </p>
      ) : recomputed.kind === 'mines' ? (
        <p className="text-sm text-mist-300">
          The seed hides the mines on tiles{' '}
          <span className="font-mono text-mist-100" data-testid="mine-tiles">
            {recomputed.minePositions.join(', ')}
          </span>
          {recomputed.win === null ? '; the round is still in play.' : `; your picks return ${units(recomputed.win)}.`}
        </p>
      ) : (
        <div className="space-y-2 text-sm">
          <p className="text-mist-300">
            Dealer {recomputed.table.dealer.cards.join(' ')} ({recomputed.table.dealer.total});{' '}
            {recomputed.table.hands.map((hand) => `you ${hand.cards.join(' ')} (${hand.total})`).join(', ')}
            {recomputed.win === null ? ', still in play.' : `; returns ${units(recomputed.win)}.`}
          </p>
          <p className="text-xs text-mist-400">The shuffled shoe, in dealing order (312 cards):</p>
          <p
            className="max-h-32 overflow-y-auto break-words rounded-lg bg-night-800 p-2 font-mono text-[0.6875rem] leading-relaxed text-mist-300"
            data-testid="shoe"
          >
            {recomputed.shoe.join(' ')}
          </p>
        </div>
      )}
    </div>
  );
}
