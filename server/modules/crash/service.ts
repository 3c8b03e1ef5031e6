// Multiplayer crash (docs/decisions/0071-crash.md). One shared round at a time: a betting phase, then a multiplier
// rising from 1.00× until the crash point the pre-committed hash chain gave the round. Any node takes bets and
// cash-outs against the stored round and its own clock; exactly one node (the holder of the database lease, loop.ts)
// moves rounds from phase to phase, pays automatic cash-outs and settles the crash. Every state lives in the
// database, so a node that takes over finishes a round where the last one left it.

import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { CrashBetPlaced, CrashBetsPage, CrashGame, CrashState } from '../../../contract/crash.ts';
import { formatMoney } from '../../../contract/money.ts';
import { CRASH_MIN_CASHOUT } from '../../../games/crash/crash.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import { type CatalogService, GAME_UNAVAILABLE_MESSAGE } from '../catalog/service.ts';
import { IdempotencyConflict, InsufficientFunds, type LedgerService, type LedgerTransaction } from '../ledger/service.ts';
import { idempotencyConflict, keyedUuid, requestHashOf } from '../shared/idempotency.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import { crashClock } from './clock.ts';
import { type CrashTimings, createCrashLoop, DEFAULT_CRASH_TIMINGS, latestCrashGame } from './loop.ts';
import { betView, createCrashPayouts, publicBet } from './payouts.ts';
import { crashGameOf } from './rounds.ts';
import { createCrashTotals } from './totals.ts';
import { crashBets, crashChains, crashGames } from './schema.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { CrashEvents } from './events.ts';

type BetRow = typeof crashBets.$inferSelect;

class BetsClosed extends Error {}
class AlreadyBet extends Error {}

export type CrashService = ReturnType<typeof createCrashService>;

export function createCrashService({
  db,
  ledger,
  catalog,
  currency,
  nodeId,
  timings = DEFAULT_CRASH_TIMINGS,
  publish = () => undefined,
  announceBalance,
  now = () => new Date(),
  onError = () => undefined,
  guardBet,
  onStake,
  onRefund,
  publishEvent = publishNowhere,
}: {
  db: Database;
  ledger: LedgerService;
  catalog: Pick<CatalogService, 'playableGame'>;
  currency: string;
  /** This node's name in the lease. */
  nodeId: string;
  timings?: CrashTimings;
  /** Broadcasts on the public `crash` channel (best effort). */
  publish?: (event: string, data: unknown) => void;
  /** Reads, announces and returns the player's balance after their money moved (as a round does). */
  announceBalance?: (playerId: number) => Promise<number>;
  now?: () => Date;
  onError?: (error: unknown) => void;
  /** The responsible-gambling check in front of a bet (limits: exclusion, session, reality check, wager and loss limits). */
  guardBet?: (playerId: number, stake: number) => Promise<void>;
  /** Told inside the bet's transaction, as a round's stake is (the clubs' points); throwing undoes the bet. */
  onStake?: (tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }) => Promise<void>;
  /** Told inside a refund's transaction with what `onStake` was told: a stake given back takes back what it earned. */
  onRefund?: (tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }) => Promise<void>;
  /** Tells the others what happened (crash/events.ts; `publish` above is the browsers' public channel). */
  publishEvent?: Publish<CrashEvents>;
}) {
  const { accountsOf, payOut, refund } = createCrashPayouts({ ledger, currency, publish, now, onRefund });
  const clock = crashClock(timings.speed);
  async function balanceAfter(playerId: number): Promise<number> {
    void publishEvent('RoundSettled', { playerId });
    if (announceBalance) return announceBalance(playerId);
    const accounts = await ledger.balances(playerId);
    return accounts.filter((a) => a.currency === currency && (a.kind === 'cash' || a.kind === 'bonus')).reduce((sum, a) => sum + a.balance, 0);
  }
  const latestGame = () => latestCrashGame(db);
  async function betOf(playerId: number, gameId: number): Promise<BetRow | undefined> {
    const [row] = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.gameId, gameId), eq(crashBets.playerId, playerId)));
    return row;
  }

  const loop = createCrashLoop({ db, timings, clock, nodeId, now, publish, onError, payOut, refund });

  return {
    /** The crash game's name for each of these ids that is a crash bet (the wallet history's bet and win rows). */
    async betGameNames(ids: readonly string[]): Promise<Map<string, string>> {
      const uuids = [...new Set(ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)))];
      if (uuids.length === 0) return new Map();
      const rows = await db.select({ id: crashBets.id }).from(crashBets).where(inArray(crashBets.id, uuids));
      if (rows.length === 0) return new Map();
      const name = (await catalog.playableGame('crash'))?.name ?? 'Crash';
      return new Map(rows.map((row) => [String(row.id), name]));
    },

    /** One look by the leader's loop (loop.ts), exposed for tests; `start` runs it on a timer until `stop`. */
    tick: loop.tick,
    start: loop.start,
    stop: loop.stop,

    /** The player's crash stakes and wins since each instant (server/modules/crash/totals.ts). */
    totals: createCrashTotals(db),

    /**
     * Places a bet on the round now taking bets: the stake moves cash → game under `crash:{bet}:bet` in the same
     * transaction that checks the round is still betting and writes the bet. The lead puts responsible-gambling and
     * bonus checks in front of this call.
     */
    async placeBet(playerId: number, input: { stake: number; autoCashout: number | null }, idempotencyKey: string): Promise<CrashBetPlaced> {
      const betId = keyedUuid('crash-bet', String(playerId), idempotencyKey);
      const hash = requestHashOf(['crash', input.stake, input.autoCashout]);
      const [existing] = await db.select().from(crashBets).where(eq(crashBets.id, betId));
      if (existing) {
        if (existing.requestHash !== hash) throw idempotencyConflict();
        return { bet: betView(existing), balance: await balanceAfter(playerId) };
      }
      const crashGame = await catalog.playableGame('crash');
      if (crashGame && !crashGame.enabled) throw new Problem(409, GAME_UNAVAILABLE_MESSAGE, { type: 'game_unavailable' });
      const limits = crashGame?.limits;
      const money = (minor: number) => formatMoney(minor, currency);
      if (limits && input.stake < limits.min_stake) throw invalid({ stake: [`The stake must be at least ${money(limits.min_stake)}.`] });
      if (limits && input.stake > limits.max_stake) throw invalid({ stake: [`The stake may not be greater than ${money(limits.max_stake)}.`] });
      await guardBet?.(playerId, input.stake);
      const game = await latestGame();
      if (game?.status !== 'betting') throw new Problem(409, 'Bets are closed for this round; the next round opens in a few seconds.', { type: 'bets_closed' });
      const accounts = await accountsOf(playerId);
      let placed: BetRow | undefined;
      try {
        const transfer = await ledger.transfer(
          {
            idempotencyKey: `crash:${betId}:bet`,
            type: 'bet',
            referenceId: betId,
            entries: [
              { accountId: accounts.cash, amount: -input.stake },
              { accountId: accounts.game, amount: input.stake },
            ],
          },
          {
            quiet: announceBalance !== undefined,
            within: async (tx: LedgerTransaction) => {
              // The round's row is locked: the leader cannot start it between this check and the bet's insert.
              const [locked] = await tx.select({ status: crashGames.status }).from(crashGames).where(eq(crashGames.id, game.id)).for('update');
              if (locked?.status !== 'betting') throw new BetsClosed();
              const inserted = await tx
                .insert(crashBets)
                .values({
                  id: betId,
                  gameId: game.id,
                  playerId,
                  currency,
                  stake: input.stake,
                  autoCashout: input.autoCashout,
                  idempotencyKey,
                  requestHash: hash,
                })
                .onConflictDoNothing()
                .returning();
              if (inserted.length === 0) throw new AlreadyBet();
              placed = inserted[0];
              await onStake?.(tx, { playerId, roundId: betId, engine: 'crash', stake: input.stake, key: `crash:${betId}` });
            },
          },
        );
        if (transfer.replayed) return this.placeBet(playerId, input, idempotencyKey);
      } catch (error) {
        if (error instanceof BetsClosed)
          throw new Problem(409, 'Bets are closed for this round; the next round opens in a few seconds.', { type: 'bets_closed' });
        if (error instanceof AlreadyBet) throw new Problem(409, 'You already have a bet in this round.', { type: 'already_bet' });
        if (error instanceof InsufficientFunds) throw invalid({ stake: ['Your balance is too low for this stake.'] });
        if (error instanceof IdempotencyConflict) throw idempotencyConflict();
        throw error;
      }
      publish('CrashBet', { game_id: game.id, bet: publicBet(placed!) });
      return { bet: betView(placed!), balance: await balanceAfter(playerId) };
    },

    /** Cashes the player's bet out at the multiplier the server's clock gives now (at most its automatic cash-out). */
    async cashOut(playerId: number): Promise<CrashBetPlaced> {
      const at = now();
      const game = await latestGame();
      const bet = game ? await betOf(playerId, game.id) : undefined;
      if (!game || !bet) throw new Problem(409, 'You have no bet in this round.', { type: 'no_bet' });
      if (bet.status !== 'active') return { bet: betView(bet), balance: await balanceAfter(playerId) };
      if (game.status === 'betting') throw new Problem(409, 'The round has not started yet.', { type: 'not_started' });
      if (game.status !== 'running' || at >= game.crashAt!) {
        throw new Problem(409, 'Too late: the round has crashed.', { type: 'crashed' });
      }
      const reached = clock.multiplierAt(at.getTime() - game.startedAt!.getTime());
      const multiplier = bet.autoCashout !== null ? Math.min(reached, bet.autoCashout) : reached;
      if (multiplier < CRASH_MIN_CASHOUT) throw new Problem(409, 'The lowest cash-out is 1.01×; wait a moment.', { type: 'too_early' });
      const paid = await payOut(bet, multiplier, announceBalance !== undefined);
      const [row] = await db.select().from(crashBets).where(eq(crashBets.id, bet.id));
      return { bet: betView(paid ?? row!), balance: await balanceAfter(playerId) };
    },

    /** The round now, its bets, the player's own bet, the last rounds with their hashes and the chain's published hash. */
    async state(playerId: number | null, historySize = 20): Promise<CrashState> {
      const at = now();
      const games = await db
        .select()
        .from(crashGames)
        .orderBy(desc(crashGames.id))
        .limit(historySize + 1);
      const game = games[0];
      const current = game && game.status !== 'crashed' ? game : undefined;
      const shown = current ?? game;
      const bets = shown ? await db.select().from(crashBets).where(eq(crashBets.gameId, shown.id)).orderBy(desc(crashBets.stake)).limit(50) : [];
      const mine = playerId !== null && shown ? (bets.find((b) => b.playerId === playerId) ?? (await betOf(playerId, shown.id))) : undefined;
      const chain = shown ? await chainOf(db, shown.chainId) : null;
      return {
        game: shown ? crashGameOf(shown) : null,
        server_time: at.toISOString(),
        growth: clock.growth,
        bets: bets.map(publicBet),
        my_bet: mine ? betView(mine) : null,
        history: games
          .filter((g) => g.status === 'crashed')
          .slice(0, historySize)
          .map(crashGameOf),
        chain,
      };
    },

    /** The player's own bets, newest first, each with its round's crash point once the round has crashed. */
    async betsOf(playerId: number, page: PageQuery): Promise<CrashBetsPage> {
      const mine = eq(crashBets.playerId, playerId);
      const [[counted], rows] = await Promise.all([
        db.select({ n: count() }).from(crashBets).where(mine),
        db
          .select({ bet: crashBets, game: crashGames })
          .from(crashBets)
          .innerJoin(crashGames, eq(crashGames.id, crashBets.gameId))
          .where(mine)
          .orderBy(desc(crashBets.createdAt), desc(crashBets.id))
          .limit(page.perPage)
          .offset(pageOffset(page)),
      ]);
      return {
        data: rows.map(({ bet, game }) => {
          const round = crashGameOf(game);
          return { ...betView(bet), crash_point: round.crash_point, interrupted: round.interrupted, settled_at: bet.settledAt?.toISOString() ?? null };
        }),
        meta: pageMeta(page, Number(counted?.n ?? 0)),
      };
    },

    /** One round by id (its hash only once it has crashed); null when there is none. */
    async game(id: number): Promise<(CrashGame & { terminating_hash: string }) | null> {
      const [row] = await db.select().from(crashGames).where(eq(crashGames.id, id));
      if (!row) return null;
      const chain = await chainOf(db, row.chainId);
      return { ...crashGameOf(row), terminating_hash: chain!.terminating_hash };
    },
  };
}

async function chainOf(db: Database, chainId: number) {
  const [chain] = await db.select().from(crashChains).where(eq(crashChains.id, chainId));
  return chain ? { id: chain.id, terminating_hash: chain.terminatingHash, length: chain.length } : null;
}
