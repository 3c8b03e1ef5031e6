// Multiplayer crash (docs/decisions/0071-crash.md). One shared round at a time: a betting phase, then a multiplier
// rising from 1.00× until the crash point the pre-committed hash chain gave the round. Any node takes bets and
// cash-outs against the stored round and its own clock; exactly one node (the holder of the database lease)
// moves rounds from phase to phase, pays automatic cash-outs and settles the crash. Every state lives in the
// database, so a node that takes over finishes a round where the last one left it.

import { and, count, desc, eq, inArray, lte, min, sql } from 'drizzle-orm';
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
import { betView, createCrashPayouts, publicBet } from './payouts.ts';
import { crashGameOf, crashPointFor, nextLink } from './rounds.ts';
import { createCrashTotals } from './totals.ts';
import { crashBets, crashChains, crashGames, crashLeases } from './schema.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { CrashEvents } from './events.ts';

export type CrashTimings = {
  /** How long bets are taken before a round starts. */
  bettingMs: number;
  /** The pause between a crash and the next betting phase. */
  pauseMs: number;
  /** How often the leader looks at the round. */
  tickMs: number;
  /** How long a leader's lease lasts without renewal; another node takes over after it. */
  leaseMs: number;
  /**
   * The browser tests' hooks (config.crash arrives here whole; docs/decisions/0101-deterministic-crash-tests.md),
   * both refused in production: the multiplier's clock runs `speed` times as fast as the published curve (default
   * 1), and `chainSeed` makes the database's first hash chain instead of random bytes.
   */
  speed?: number;
  chainSeed?: string | undefined;
};

export const DEFAULT_CRASH_TIMINGS: CrashTimings = { bettingMs: 5_000, pauseMs: 3_000, tickMs: 100, leaseMs: 3_000 };

type BetRow = typeof crashBets.$inferSelect;
type GameRow = typeof crashGames.$inferSelect;

/**
 * How long the crash loop rests after a look: a tick while a round runs (automatic cash-outs, the crash), otherwise
 * until the round's next phase is due, but never longer than a third of the lease, so a leader renews it in time and a
 * follower finds a lapsed one within a second. An idle table costs a few statements a second, not thirty.
 */
export function crashLoopRest(
  game: Pick<GameRow, 'status' | 'bettingEndsAt' | 'endedAt'> | undefined,
  leading: boolean,
  timings: Pick<CrashTimings, 'tickMs' | 'leaseMs' | 'pauseMs'>,
  nowMs: number,
): number {
  const longest = timings.leaseMs / 3;
  if (!leading) return longest;
  if (!game || game.status === 'running') return timings.tickMs;
  const due = game.status === 'betting' ? game.bettingEndsAt.getTime() : (game.endedAt?.getTime() ?? 0) + timings.pauseMs;
  return Math.min(longest, Math.max(timings.tickMs, due - nowMs + 1));
}

const LEASE = 'crash-loop';
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
  async function latestGame(): Promise<GameRow | undefined> {
    const [row] = await db.select().from(crashGames).orderBy(desc(crashGames.id)).limit(1);
    return row;
  }
  async function betOf(playerId: number, gameId: number): Promise<BetRow | undefined> {
    const [row] = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.gameId, gameId), eq(crashBets.playerId, playerId)));
    return row;
  }

  /** Pays every automatic cash-out the multiplier has reached (all of them up to the crash point once it crashed). */
  async function payAutomatic(game: GameRow, reached: number): Promise<void> {
    const due = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.gameId, game.id), eq(crashBets.status, 'active'), lte(crashBets.autoCashout, Math.min(reached, game.crashPoint))));
    for (const bet of due) await payOut(bet, bet.autoCashout!, false);
  }

  /** The crash: automatic cash-outs below the point are paid, the rest lose (or get their stake back if the round was interrupted). */
  async function settle(game: GameRow, at: Date): Promise<void> {
    await payAutomatic(game, game.crashPoint);
    const interrupted = at.getTime() - game.crashAt!.getTime() > timings.leaseMs + timings.tickMs * 10;
    const left = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.gameId, game.id), eq(crashBets.status, 'active')));
    if (interrupted) for (const bet of left) await refund(bet);
    else
      await db
        .update(crashBets)
        .set({ status: 'lost', settledAt: at })
        .where(and(eq(crashBets.gameId, game.id), eq(crashBets.status, 'active')));
    const [ended] = await db
      .update(crashGames)
      .set({ status: 'crashed', endedAt: at, interrupted })
      .where(and(eq(crashGames.id, game.id), eq(crashGames.status, 'running')))
      .returning();
    if (ended) publish('CrashEnded', { game: crashGameOf(ended) });
  }

  /**
   * The lowest automatic cash-out still waiting in the running round (null: none). Once a round runs no bet can join it
   * (a bet locks the round's row and needs it betting), so this only rises as bets are paid: a tick below it has
   * nothing to pay and asks the database nothing. Found again after every payment, and for each new round.
   */
  let waitingAuto: { gameId: number; at: number | null } | undefined;
  async function lowestWaitingAuto(game: GameRow): Promise<number | null> {
    const [row] = await db
      .select({ lowest: min(crashBets.autoCashout) })
      .from(crashBets)
      .where(and(eq(crashBets.gameId, game.id), eq(crashBets.status, 'active')));
    return row?.lowest ?? null;
  }

  /** Pays the automatic cash-outs the running round's multiplier has reached, asking only when one may be due. */
  async function payReached(game: GameRow, reached: number): Promise<void> {
    if (waitingAuto?.gameId !== game.id) waitingAuto = { gameId: game.id, at: await lowestWaitingAuto(game) };
    if (waitingAuto.at === null || reached < waitingAuto.at) return;
    await payAutomatic(game, reached);
    waitingAuto = { gameId: game.id, at: await lowestWaitingAuto(game) };
  }

  /** One look at the round by the leader: the next phase when its time has come. The round as it now stands. */
  async function advance(): Promise<GameRow | undefined> {
    const at = now();
    const game = await latestGame();
    if (!game || (game.status === 'crashed' && at.getTime() - (game.endedAt ?? at).getTime() >= timings.pauseMs)) {
      const link = await nextLink(db, game, timings.chainSeed);
      const [created] = await db
        .insert(crashGames)
        .values({ ...link, crashPoint: crashPointFor(link.hash), status: 'betting', bettingEndsAt: new Date(at.getTime() + timings.bettingMs) })
        .onConflictDoNothing()
        .returning();
      if (created) publish('CrashBetting', { game: crashGameOf(created), server_time: at.toISOString() });
      return created;
    }
    if (game.status === 'betting' && at >= game.bettingEndsAt) {
      const crashAt = new Date(at.getTime() + clock.msToReach(game.crashPoint));
      const [started] = await db
        .update(crashGames)
        .set({ status: 'running', startedAt: at, crashAt })
        .where(and(eq(crashGames.id, game.id), eq(crashGames.status, 'betting')))
        .returning();
      if (started) publish('CrashStarted', { game: crashGameOf(started), server_time: at.toISOString() });
      return started;
    }
    if (game.status === 'running') {
      if (at >= game.crashAt!) {
        await settle(game, at);
        return undefined;
      }
      await payReached(game, clock.multiplierAt(at.getTime() - game.startedAt!.getTime()));
    }
    return game;
  }

  /**
   * Until when this node holds the lease, by its clock (0: it does not). A lease with more than two thirds of its time
   * left is not renewed: the leader writes it about once a second, not on every tick.
   */
  let leaseUntil = 0;
  const RENEW_WHEN_LEFT_MS = (timings.leaseMs * 2) / 3;

  /** Takes or renews the lease; true while this node holds it. */
  async function lead(): Promise<boolean> {
    const at = now();
    if (leaseUntil - at.getTime() > RENEW_WHEN_LEFT_MS) return true;
    const expiresAt = new Date(at.getTime() + timings.leaseMs);
    const held = await db
      .insert(crashLeases)
      .values({ name: LEASE, holder: nodeId, expiresAt })
      .onConflictDoUpdate({
        target: crashLeases.name,
        set: { holder: nodeId, expiresAt },
        setWhere: sql`${crashLeases.holder} = ${nodeId} or ${crashLeases.expiresAt} < ${at.toISOString()}::timestamptz`,
      })
      .returning({ holder: crashLeases.holder });
    leaseUntil = held.length > 0 ? expiresAt.getTime() : 0;
    return held.length > 0;
  }

  async function look(): Promise<{ leading: boolean; game?: GameRow | undefined }> {
    if (!(await lead())) return { leading: false };
    return { leading: true, game: await advance() };
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped: Promise<void> = Promise.resolve();

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

    /** One tick of the loop: take or keep the lease, then move the round on. Exposed for tests. */
    async tick(): Promise<boolean> {
      return (await look()).leading;
    },

    /** Runs the loop on this node until stop(); only the lease holder moves rounds. */
    start(): void {
      if (running) return;
      running = true;
      const loop = async () => {
        let rest = timings.tickMs;
        try {
          const { leading, game } = await look();
          rest = crashLoopRest(game, leading, timings, now().getTime());
        } catch (error) {
          onError(error);
        }
        if (running) timer = setTimeout(() => void (stopped = loop()), rest);
      };
      stopped = loop();
    },

    /** Stops the loop and lets the lease go, so another node takes over at once. */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      await stopped.catch(() => undefined);
      leaseUntil = 0;
      await db
        .delete(crashLeases)
        .where(and(eq(crashLeases.name, LEASE), eq(crashLeases.holder, nodeId)))
        .catch(() => undefined);
    },

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
