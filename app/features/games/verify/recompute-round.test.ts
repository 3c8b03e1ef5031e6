import { describe, expect, it } from 'vitest';
import { applyAction, startHand } from '../../../../games/blackjack/engine.ts';
import { blackjackView } from '../../../../games/blackjack/view.ts';
import { fairFloats, hashServerSeed } from '../../../../games/fairness.ts';
import { SHUFFLE_FLOATS } from '../../../../games/blackjack/shoe.ts';
import { replayRound } from '../../../../games/verify.ts';
import type { GameRound } from '../../../../contract/games.ts';
import { differences, recomputeInputOf, recomputeRound } from './recompute-round.ts';

const serverSeed = '7f1c0a5e'.repeat(8);
const clientSeed = 'lucky-player';

async function stored(
  game: string,
  kind: GameRound['kind'],
  request: GameRound['request'],
  outcome: Record<string, unknown>,
  win: number,
  nonce = 3,
): Promise<GameRound> {
  return {
    round_id: 'r',
    game,
    engine: game,
    kind,
    mode: 'real',
    status: 'settled',
    currency: 'EUR',
    stake: 0,
    win,
    request,
    outcome,
    fairness: { server_seed_hash: await hashServerSeed(serverSeed), client_seed: clientSeed, nonce, server_seed: serverSeed },
    created_at: '',
    settled_at: '',
  };
}

describe('recomputing a stored round in the browser', () => {
  it('agrees with an honest roulette round and names a changed pocket and a changed win', async () => {
    const request = {
      bets: [
        { type: 'red', amount: 100 },
        { type: 'straight', numbers: [17], amount: 10 },
      ],
    };
    const replay = await replayRound({ game: 'european-roulette', serverSeed, clientSeed, nonce: 3, request });
    if (replay.kind !== 'roulette') throw new Error('roulette expected');
    const honest = await stored('european-roulette', 'roulette', request, { ...replay.outcome }, replay.outcome.win);
    const recomputed = await recomputeRound(recomputeInputOf(honest)!);
    expect(differences(honest, recomputed)).toEqual([]);
    const tampered = { ...honest, outcome: { ...honest.outcome, pocket: (replay.outcome.pocket + 1) % 37 }, win: honest.win + 100 };
    expect(differences(tampered, recomputed)).toHaveLength(2);
  });

  it('agrees with an honest slot round, free spins included, and catches a changed reel stop', async () => {
    const replay = await replayRound({ game: 'lantern-orchard', serverSeed, clientSeed, nonce: 9, request: { stake: 20 } });
    if (replay.kind !== 'slot') throw new Error('slot expected');
    const honest = await stored('lantern-orchard', 'slot', { stake: 20 }, JSON.parse(JSON.stringify(replay.outcome)), replay.outcome.totalWin, 9);
    const recomputed = await recomputeRound(recomputeInputOf(honest)!);
    expect(differences(honest, recomputed)).toEqual([]);
    const base = honest.outcome.base as { stops: number[] };
    const tampered = { ...honest, outcome: { ...honest.outcome, base: { ...base, stops: [base.stops[0]! + 1, ...base.stops.slice(1)] } } };
    expect(differences(tampered, recomputed)[0]).toMatch(/^Spin 1: stored reel stops/);
  });

  it('replays a blackjack deal and its moves to the same table, and refuses a wrong seed by its hash', async () => {
    let state = startHand({ stake: 100, floats: await fairFloats(serverSeed, clientSeed, 5, SHUFFLE_FLOATS) });
    const moves: string[] = [];
    while (state.phase === 'player') {
      const move = state.actions.includes('stand') ? 'stand' : state.actions[0]!;
      moves.push(move);
      state = applyAction(state, move);
    }
    const honest = await stored('blackjack', 'blackjack', { stake: 100 }, { ...blackjackView(state), moves }, state.settlement!.win, 5);
    const recomputed = await recomputeRound(recomputeInputOf(honest)!);
    expect(recomputed.kind).toBe('blackjack');
    expect(differences(honest, recomputed)).toEqual([]);
    const wrongSeed = { ...honest, fairness: { ...honest.fairness, server_seed_hash: '00'.repeat(32) } };
    expect(differences(wrongSeed, recomputed)).toContain('The revealed server seed does not hash to the hash published before the round.');
  });

  it('has nothing to recompute while the server seed is secret', async () => {
    const round = await stored('european-roulette', 'roulette', { bets: [] }, {}, 0);
    expect(recomputeInputOf({ ...round, fairness: { ...round.fairness, server_seed: null } })).toBeNull();
  });
});
