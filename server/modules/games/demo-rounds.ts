// Demo rounds: the same engines, limits and fair floats as real play, paid in the session's fun credits. Every
// balance change and nonce claim happens before the first await, so a session's concurrent requests never
// overdraw it or share a nonce.

import { randomUUID } from 'node:crypto';
import { DEMO_CURRENCY, type PlayedRound } from '../../../contract/games.ts';
import { fairFloatStream } from '../../../games/fairness.ts';
import { invalid, Problem } from '../../problem.ts';
import type { PlayableGame } from '../catalog/service.ts';
import type { DemoRound, DemoSession, DemoSessions } from './demo-sessions.ts';
import { MOVES_ONLY, prepareMove, type PreparedRound } from './engines.ts';
import { requestHash, toGameRound } from './round-view.ts';
import { idempotencyConflict } from '../shared/idempotency.ts';

const tooLow = (field: string, what: string) => invalid({ [field]: [`Your demo balance is too low ${what}. Reset it to play on.`] });

export function demoRoundView(session: DemoSession, round: DemoRound): PlayedRound {
  return {
    ...toGameRound({
      ...round,
      mode: 'demo',
      currency: DEMO_CURRENCY,
      serverSeedHash: round.seed.serverSeedHash,
      serverSeed: round.seed.revealed ? round.seed.serverSeed : null,
    }),
    balance: session.balance,
  };
}

export type DemoRounds = ReturnType<typeof createDemoRounds>;

export function createDemoRounds({ sessions }: { sessions: DemoSessions }) {
  return {
    async play(session: DemoSession, game: PlayableGame, prepared: PreparedRound, key: string | null): Promise<PlayedRound> {
      const hash = requestHash(game.slug, prepared.request);
      // No await unless a round with this key is in flight: the check and the claim below must not interleave.
      const pending = key ? session.pending.get(key) : undefined;
      const earlier = key ? (session.rounds.get(session.keys.get(key) ?? '') ?? (pending ? await pending : undefined)) : undefined;
      if (earlier) {
        if (earlier.requestHash !== hash) throw idempotencyConflict();
        return demoRoundView(session, earlier);
      }
      if (session.balance < prepared.stake) throw tooLow(prepared.stakeField, 'for this stake');
      session.balance -= prepared.stake;
      const seed = session.seed;
      const nonce = seed.nextNonce++;
      const clientSeed = seed.clientSeed;
      const playing = (async (): Promise<DemoRound> => {
        const played = await prepared.play(fairFloatStream(seed.serverSeed, clientSeed, nonce));
        const now = new Date();
        if (played.finished) session.balance += played.win;
        return {
          id: randomUUID(),
          game: { slug: game.slug, engine: game.engine, engineConfig: game.engineConfig },
          status: played.finished ? 'settled' : 'open',
          stake: prepared.stake,
          win: played.win,
          request: prepared.request,
          requestHash: hash,
          key,
          outcome: played.outcome,
          state: played.state,
          moves: [],
          seed,
          clientSeed,
          nonce,
          createdAt: now,
          settledAt: played.finished ? now : null,
        };
      })();
      // A retry of this key while the round is being computed waits for it instead of playing again.
      if (key) session.pending.set(key, playing);
      try {
        const round = await playing;
        sessions.remember(session, round);
        return demoRoundView(session, round);
      } catch (error) {
        session.balance += prepared.stake;
        throw error;
      } finally {
        if (key) session.pending.delete(key);
      }
    },

    /** A blackjack or mines move on one of the session's rounds. */
    act(session: DemoSession, roundId: string, action: string, key: string | null): PlayedRound {
      const round = session.rounds.get(roundId);
      if (!round) throw new Problem(404, 'No round with that id.');
      const earlier = key ? round.moves.find((move) => move.key === key) : undefined;
      if (earlier) {
        if (earlier.action !== action) throw idempotencyConflict();
        return demoRoundView(session, round);
      }
      if (!round.state) throw new Problem(409, MOVES_ONLY, { type: 'round_closed' });
      if (round.status !== 'open') throw new Problem(409, 'This round is over; start a new one.', { type: 'round_closed' });
      const { extra, next } = prepareMove(round.state, action);
      if (session.balance < extra) throw tooLow('action', `to ${action}`);
      session.balance -= extra;
      round.state = next;
      round.stake += extra;
      round.moves.push({ action, key });
      if (next.phase === 'finished') {
        round.win = next.settlement!.win;
        round.status = 'settled';
        round.settledAt = new Date();
        session.balance += round.win;
      }
      return demoRoundView(session, round);
    },
  };
}
