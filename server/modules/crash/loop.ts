// The crash table's leader (docs/decisions/0071-crash.md): exactly one node, the holder of the database lease, moves
// the round from phase to phase, pays the automatic cash-outs the multiplier reaches and settles the crash. Every state
// lives in the database, so a node that takes the lease over finishes a round where the last one left it.

import { and, desc, eq, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CrashClock } from './clock.ts';
import type { createCrashPayouts } from './payouts.ts';
import { crashGameOf, crashPointFor, nextLink } from './rounds.ts';
import { crashBets, crashGames, crashLeases } from './schema.ts';

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

type GameRow = typeof crashGames.$inferSelect;
type Payouts = ReturnType<typeof createCrashPayouts>;

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

/** The round opened last: taking bets, running, or the last one crashed. */
export async function latestCrashGame(db: Database): Promise<GameRow | undefined> {
  const [row] = await db.select().from(crashGames).orderBy(desc(crashGames.id)).limit(1);
  return row;
}

/** The leader's loop on this node: `tick` looks once, `start` looks on a timer until `stop`, which lets the lease go. */
export function createCrashLoop({
  db,
  timings,
  clock,
  nodeId,
  now,
  publish,
  onError,
  payOut,
  refund,
}: {
  db: Database;
  timings: CrashTimings;
  clock: CrashClock;
  /** This node's name in the lease. */
  nodeId: string;
  now: () => Date;
  /** Broadcasts on the public `crash` channel (best effort). */
  publish: (event: string, data: unknown) => void;
  onError: (error: unknown) => void;
  payOut: Payouts['payOut'];
  refund: Payouts['refund'];
}) {
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
    const game = await latestCrashGame(db);
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
  };
}
