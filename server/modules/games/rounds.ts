// Real-money rounds (docs/decisions/0041-games-api.md). A round is computed from the player's seed pair outside any
// transaction; then one ledger transfer debits the stake (`round:{id}:bet`) and, in its transaction, claims the
// nonce and writes the round, so a refused stake leaves no round and consumes no nonce. The win is credited by a
// second transfer (`round:{id}:win`) that marks the round settled in the same transaction. A decided round left
// open between the two is paid by recovery; a hand left waiting stays the player's (interrupted-rounds.ts).
// The round's transfers are quiet: after the last one it reads the player's balance once, answers it and
// announces it once (BalanceUpdated), not once per transfer (docs/decisions/0045-one-balance-per-round.md).

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { GameKind, GameRound, PlayedRound, RoundRequest, RoundsPage, RoundStatus } from '../../../contract/games.ts';
import type { BlackjackState } from '../../../games/blackjack/engine.ts';
import { fairFloatStream } from '../../../games/fairness.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import type { CatalogService, PlayableGame } from '../catalog/service.ts';
import { IdempotencyConflict, InsufficientFunds, type LedgerService } from '../ledger/service.ts';
import { prepareMove, type PreparedRound } from './engines.ts';
import type { FairnessService } from './fairness.ts';
import { createPlayerQueue } from './player-queue.ts';
import { requestHash, toGameRound } from './round-view.ts';
import { RoundMoved, type RoundRow, type RoundSettlement } from './round-settlement.ts';
import { gameRounds } from './schema.ts';
import { idempotencyConflict, keyedUuid, replayOf } from '../shared/idempotency.ts';
import { pageMeta, pageOffset } from '../shared/pagination.ts';

/** The seed pair moved on between reading it and claiming its nonce; the round is computed again. */
class SeedMoved extends Error {}

const SEED_ATTEMPTS = 10;

const roundMoved = () => new Problem(409, 'The round changed while this move was made; reload it and try again.', { type: 'round_moved' });
const closed = (status: string) =>
  new Problem(409, status === 'refunded' ? 'This round was refunded; start a new one.' : 'This round is over; start a new one.', { type: 'round_closed' });

/** A UUID fixed by the player and their Idempotency-Key, so the round's ledger keys exist before the round does. */
export function roundIdFor(playerId: number, idempotencyKey: string): string {
  return keyedUuid('round', String(playerId), idempotencyKey);
}

export type RoundsService = ReturnType<typeof createRoundsService>;

export function createRoundsService({
  db,
  ledger,
  catalog,
  fairness,
  settlement,
  currency,
  announceBalance,
}: {
  db: Database;
  ledger: LedgerService;
  catalog: Pick<CatalogService, 'playableGame' | 'gamesByIds'>;
  fairness: FairnessService;
  settlement: RoundSettlement;
  currency: string;
  /**
   * Reads the player's balance after a round moved money, announces it (BalanceUpdated) and returns it: once per
   * round. Without it the round's transfers announce themselves through the ledger, as any other transfer does.
   */
  announceBalance?: (playerId: number) => Promise<number>;
}) {
  const queue = createPlayerQueue();
  const { accountsOf, settle, writeMove } = settlement;

  /** What the player can play with now, as the wallet shows it: cash plus bonus. */
  async function balanceOf(playerId: number): Promise<number> {
    const accounts = await ledger.balances(playerId);
    return accounts.filter((a) => a.currency === currency && (a.kind === 'cash' || a.kind === 'bonus')).reduce((sum, a) => sum + a.balance, 0);
  }

  async function rowOf(roundId: string): Promise<RoundRow | undefined> {
    const [row] = await db.select().from(gameRounds).where(eq(gameRounds.id, roundId));
    return row;
  }

  async function view(row: RoundRow, game?: Pick<PlayableGame, 'slug'>, serverSeed: string | null = null): Promise<GameRound> {
    const slug = game?.slug ?? (await catalog.gamesByIds([row.gameId]))[0]?.slug ?? String(row.gameId);
    return toGameRound({
      id: row.id,
      game: { slug, engine: row.engine as GameKind, engineConfig: row.engineConfig },
      mode: 'real',
      status: row.status as RoundStatus,
      currency: row.currency,
      stake: row.stake,
      win: row.win,
      request: row.request as RoundRequest,
      outcome: row.outcome ?? null,
      state: (row.state as BlackjackState | null) ?? null,
      moves: row.moves,
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      serverSeed,
      createdAt: row.createdAt,
      settledAt: row.settledAt,
    });
  }

  const quiet = announceBalance !== undefined;

  /** The round as answered, with the balance after it: read (and announced) once when this request moved money. */
  async function played(row: RoundRow, game: Pick<PlayableGame, 'slug'> | undefined, moved: boolean): Promise<PlayedRound> {
    const balance = moved && announceBalance ? announceBalance(row.playerId) : balanceOf(row.playerId);
    const [round, after] = await Promise.all([view(row, game), balance]);
    return { ...round, balance: after };
  }

  /** Money moved but the round failed before its answer: the player still hears their balance. */
  function announceAfterFailure(playerId: number): void {
    void announceBalance?.(playerId).catch(() => undefined);
  }

  function refusal(error: unknown, field: string, what: string): never {
    if (error instanceof InsufficientFunds) throw invalid({ [field]: [`Your balance is too low ${what}.`] });
    if (error instanceof IdempotencyConflict) throw idempotencyConflict();
    throw error;
  }

  return {
    /** Plays a round for real money under the player's Idempotency-Key; a replay answers the round already played. */
    async play(playerId: number, game: PlayableGame, prepared: PreparedRound, idempotencyKey: string): Promise<PlayedRound> {
      const roundId = roundIdFor(playerId, idempotencyKey);
      const hash = requestHash(game.slug, prepared.request);
      const replay = async () => {
        return played(replayOf(await rowOf(roundId), hash), game, false);
      };
      return queue.run(playerId, async () => {
        const accounts = await accountsOf(playerId);
        for (let attempt = 1; ; attempt++) {
          const pair = await fairness.forNextRound(playerId);
          const outcome = await prepared.play(fairFloatStream(pair.serverSeed, pair.clientSeed, pair.nextNonce));
          const now = new Date();
          const settledNow = outcome.finished && outcome.win === 0;
          const row: RoundRow = {
            id: roundId,
            playerId,
            gameId: game.id,
            engine: game.engine,
            engineConfig: game.engineConfig,
            status: settledNow ? 'settled' : 'open',
            currency,
            stake: prepared.stake,
            win: outcome.finished ? outcome.win : 0,
            idempotencyKey,
            requestHash: hash,
            request: prepared.request,
            outcome: outcome.outcome,
            state: outcome.state,
            moves: [],
            seedId: pair.id,
            serverSeedHash: pair.serverSeedHash,
            clientSeed: pair.clientSeed,
            nonce: pair.nextNonce,
            createdAt: now,
            updatedAt: now,
            settledAt: settledNow ? now : null,
          };
          try {
            const bet = await ledger.transfer(
              {
                idempotencyKey: `round:${roundId}:bet`,
                type: 'bet',
                referenceId: roundId,
                entries: [
                  { accountId: accounts.cash, amount: -prepared.stake },
                  { accountId: accounts.game, amount: prepared.stake },
                ],
              },
              {
                quiet,
                within: async (tx) => {
                  if (!(await fairness.claimNonce(tx, pair))) throw new SeedMoved();
                  await tx.insert(gameRounds).values(row);
                },
              },
            );
            if (bet.replayed) return replay();
            fairness.advanced(playerId, pair);
          } catch (error) {
            if (error instanceof SeedMoved) {
              fairness.forget(playerId);
              if (attempt < SEED_ATTEMPTS) continue;
              throw new Problem(409, 'Your seeds changed while the round started; try again.', { type: 'seed_moved' });
            }
            refusal(error, prepared.stakeField, 'for this stake');
          }
          if (outcome.finished && outcome.win > 0) {
            try {
              const settledAt = await settle(row, outcome.win, quiet);
              Object.assign(row, { status: 'settled', settledAt });
            } catch (error) {
              announceAfterFailure(playerId);
              throw error;
            }
          }
          return played(row, game, true);
        }
      });
    },

    /** A blackjack move on the player's open hand; the extra stake of a double or split is debited first. */
    async act(playerId: number, game: PlayableGame, roundId: string, action: string, idempotencyKey: string): Promise<PlayedRound> {
      return queue.run(playerId, async () => {
        const row = await rowOf(roundId);
        if (!row || row.playerId !== playerId || row.gameId !== game.id) throw new Problem(404, 'No round with that id.');
        const earlier = row.moves.find((move) => move.key === idempotencyKey);
        if (earlier) {
          if (earlier.action !== action) throw idempotencyConflict();
          return played(row, game, false);
        }
        if (row.engine !== 'blackjack' || !row.state) throw new Problem(409, 'Only a blackjack hand takes moves.', { type: 'round_closed' });
        if (row.status !== 'open') throw closed(row.status);
        const { extra, next } = prepareMove(row.state as BlackjackState, action);
        const movesBefore = row.moves.length;
        const finished = next.phase === 'finished';
        const win = finished ? next.settlement!.win : 0;
        // The win is stored with the final state, so a crash before the credit leaves a round recovery can pay;
        // a hand that ends with nothing to pay is settled by the move itself.
        const change: Partial<RoundRow> = {
          state: next as unknown as Record<string, unknown>,
          moves: [...row.moves, { action, key: idempotencyKey }],
          stake: row.stake + extra,
          win,
          ...(finished && win === 0 ? { status: 'settled' } : {}),
        };
        try {
          if (extra > 0) {
            const accounts = await accountsOf(playerId);
            const debit = await ledger.transfer(
              {
                idempotencyKey: `round:${roundId}:move:${movesBefore}`,
                type: 'bet',
                referenceId: roundId,
                entries: [
                  { accountId: accounts.cash, amount: -extra },
                  { accountId: accounts.game, amount: extra },
                ],
              },
              { quiet, within: (tx) => writeMove(tx, roundId, movesBefore, change) },
            );
            // Another request made this move first with another key: ours did not happen.
            if (debit.replayed) throw new RoundMoved();
          } else {
            await writeMove(db, roundId, movesBefore, change);
          }
        } catch (error) {
          if (error instanceof RoundMoved) throw roundMoved();
          refusal(error, 'action', `to ${action}`);
        }
        const moved = extra > 0 || (finished && win > 0);
        if (finished && win > 0) {
          try {
            await settle(row, win, quiet);
          } catch (error) {
            announceAfterFailure(playerId);
            throw error;
          }
        }
        return played((await rowOf(roundId))!, game, moved);
      });
    },

    /** The player's rounds, newest first, each with its server seed once revealed. */
    async history(playerId: number, query: { page: number; perPage: number; game?: string; status?: RoundStatus }): Promise<RoundsPage> {
      const conditions: SQL[] = [eq(gameRounds.playerId, playerId)];
      if (query.status) conditions.push(eq(gameRounds.status, query.status));
      if (query.game) {
        const game = await catalog.playableGame(query.game);
        if (!game) return { data: [], meta: pageMeta(query, 0) };
        conditions.push(eq(gameRounds.gameId, game.id));
      }
      const where = and(...conditions);
      const [counted] = await db.select({ total: sql<number | string>`count(*)` }).from(gameRounds).where(where);
      const total = Number(counted?.total ?? 0);
      const rows = await db
        .select()
        .from(gameRounds)
        .where(where)
        .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
        .limit(query.perPage)
        .offset(pageOffset(query));
      const [games, revealed] = await Promise.all([catalog.gamesByIds(rows.map((row) => row.gameId)), fairness.revealedSeeds(rows.map((row) => row.seedId))]);
      const slugs = new Map(games.map((game) => [game.id, game]));
      return {
        data: await Promise.all(rows.map((row) => view(row, slugs.get(row.gameId), revealed.get(row.seedId) ?? null))),
        meta: pageMeta(query, total),
      };
    },

    /** One of the player's rounds with its server seed once revealed; null when the player has no such round. */
    async round(playerId: number, roundId: string): Promise<GameRound | null> {
      const row = await rowOf(roundId);
      if (!row || row.playerId !== playerId) return null;
      const revealed = await fairness.revealedSeeds([row.seedId]);
      return view(row, undefined, revealed.get(row.seedId) ?? null);
    },
  };
}
