import type { GameRound } from '../rounds.ts';

/** One line on what a round came to, in the casino's words, for the recent-rounds list. */
export function roundSummary(round: Pick<GameRound, 'kind' | 'status' | 'outcome'>): string {
  const outcome = round.outcome;
  if (round.status === 'refunded') return 'Refunded';
  if (round.kind === 'roulette') return `Pocket ${String(outcome.pocket)} ${String(outcome.colour ?? '')}`.trim();
  if (round.kind === 'slot') {
    const base = outcome.base as { lineWins?: unknown[] } | undefined;
    const free = Array.isArray(outcome.freeSpins) ? outcome.freeSpins.length : 0;
    const lines = base?.lineWins?.length ?? 0;
    const parts = [lines ? `${lines} line win${lines === 1 ? '' : 's'}` : 'No line win'];
    if (free) parts.push(`${free} free spins`);
    return parts.join(', ');
  }
  if (round.kind === 'dice') return `Rolled ${Number(outcome.roll).toFixed(2)}, ${String(outcome.direction)} ${Number(outcome.target).toFixed(2)}`;
  if (round.kind === 'plinko') return `Bucket ${String(outcome.multiplier)}×, ${String(outcome.rows)} rows ${String(outcome.risk)} risk`;
  if (round.kind === 'mines') {
    const revealed = Array.isArray(outcome.revealed) ? outcome.revealed.length : 0;
    if (round.status === 'open') return `Board in play, ${revealed} safe`;
    return outcome.hitMine !== null && outcome.hitMine !== undefined ? `Hit a mine after ${revealed} safe` : `Cashed out after ${revealed} safe`;
  }
  if (round.status === 'open') return 'Hand in play';
  const hands = (outcome.hands as { total?: number }[] | undefined) ?? [];
  const dealer = (outcome.dealer as { total?: number } | undefined)?.total;
  return `${hands.map((hand) => hand.total).join(' / ')} against ${dealer ?? '?'}`;
}

/**
 * Where to verify a round. Real rounds are kept, so the page looks them up by id; demo rounds live only in
 * the server's memory, so the link carries everything the verifier needs except the seed, revealed on rotation.
 */
export function verifyHref(round: Pick<GameRound, 'round_id' | 'mode' | 'engine' | 'request' | 'outcome' | 'fairness'>): string {
  if (round.mode === 'real') return `/fairness?${new URLSearchParams({ round: round.round_id })}`;
  const query = new URLSearchParams({
    mode: 'demo',
    game: round.engine,
    client_seed: round.fairness.client_seed,
    nonce: String(round.fairness.nonce),
    hash: round.fairness.server_seed_hash,
    request: JSON.stringify(round.request),
  });
  if (Array.isArray(round.outcome.moves) && round.outcome.moves.length) query.set('moves', round.outcome.moves.join(','));
  return `/fairness?${query}`;
}
