import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { SessionNet, StaffSignIn } from '../../../contract/signins.ts';
import type { Database } from '../../db/client.ts';
import type { StakeTotals } from '../shared/stake-totals.ts';
import { signIns } from './schema.ts';

// Sign-ins and the sessions they open (issue 33 §1, docs/decisions/0112): recorded at each sign-in, seen while the
// token is used, ended at logout; a session's net result is read from the game modules' stakes and wins.

export type SignInMethod = 'password' | 'magic-link';
export type SignedIn = { playerId: number; at: Date; ip: string | null; deviceId: string | null; userAgent: string | null };

/** A token is touched at most once a minute: a session runs until a minute after it was last seen. */
const SEEN_SLACK_MS = 60 * 1000;
/** IPs and user agents are kept this long for compliance (AML record keeping), then forgotten. */
export const SIGN_IN_ADDRESS_RETENTION_DAYS = 730;

export type SessionDependencies = {
  db: Database;
  currency: string;
  now: () => Date;
  /** Stakes and wins since each instant, over every game module (the limits' own reader). */
  stakeTotals: (playerId: number, since: Date[]) => Promise<StakeTotals[]>;
};

type SignInRow = typeof signIns.$inferSelect;

export function createSignInSessions({ db, currency, now, stakeTotals }: SessionDependencies) {
  /** Where each session stops counting: its end, else a minute after last seen, never after the next sign-in. */
  const windowsOf = (rows: SignInRow[], current: number | null) =>
    rows.map((row, i) => {
      const newer = rows[i - 1];
      const open = row.tokenId !== null && row.tokenId === current;
      let end = open ? null : (row.endedAt ?? new Date(row.lastSeenAt.getTime() + SEEN_SLACK_MS));
      if (end && newer && newer.signedInAt < end) end = newer.signedInAt;
      return { row, end };
    });

  async function netsOf(playerId: number, rows: SignInRow[], current: number | null): Promise<SessionNet[]> {
    if (rows.length === 0) return [];
    const windows = windowsOf(rows, current);
    const at = now();
    const totals = await stakeTotals(
      playerId,
      windows.flatMap(({ row, end }) => [row.signedInAt, end ?? at]),
    );
    return windows.map(({ row, end }, i) => {
      const from = totals[2 * i]!;
      const to = end ? totals[2 * i + 1]! : { stakes: 0, wins: 0 };
      const stakes = from.stakes - to.stakes;
      const wins = from.wins - to.wins;
      return { signed_in_at: row.signedInAt.toISOString(), ended_at: end?.toISOString() ?? null, stakes, wins, net: wins - stakes, currency };
    });
  }

  return {
    async record(input: SignedIn & { method: SignInMethod; tokenId: number | null }): Promise<void> {
      await db.insert(signIns).values({
        playerId: input.playerId,
        method: input.method,
        tokenId: input.tokenId,
        signedInAt: input.at,
        lastSeenAt: input.at,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        deviceId: input.deviceId,
      });
    },

    /** The token was used again or signed out: its session was seen then, or ended then. */
    async tokenActivity({ tokenId, at, ended }: { tokenId: number; at: Date; ended: boolean }): Promise<void> {
      await db
        .update(signIns)
        .set(ended ? { lastSeenAt: at, endedAt: at } : { lastSeenAt: at })
        .where(and(eq(signIns.tokenId, tokenId), sql`${signIns.endedAt} is null`));
    },

    /** The session before the one `tokenId` opened, with its net result; null on a first sign-in. */
    async previousSession(playerId: number, tokenId: number): Promise<SessionNet | null> {
      const [current] = await db
        .select()
        .from(signIns)
        .where(and(eq(signIns.playerId, playerId), eq(signIns.tokenId, tokenId)));
      const conditions = [eq(signIns.playerId, playerId), ne(signIns.tokenId, tokenId)];
      if (current) conditions.push(lt(signIns.signedInAt, current.signedInAt));
      const rows = await db
        .select()
        .from(signIns)
        .where(and(...conditions))
        .orderBy(desc(signIns.signedInAt), desc(signIns.id))
        .limit(1);
      // The session after it (the current one) bounds its window.
      const nets = await netsOf(playerId, current ? [current, ...rows] : rows, tokenId);
      return (current ? nets[1] : nets[0]) ?? null;
    },

    /** The newest sessions with their net results, the one in progress (`tokenId`'s) first with no end. */
    async sessionNets(playerId: number, tokenId: number | null, limit = 10): Promise<SessionNet[]> {
      const rows = await db.select().from(signIns).where(eq(signIns.playerId, playerId)).orderBy(desc(signIns.signedInAt), desc(signIns.id)).limit(limit);
      return netsOf(playerId, rows, tokenId);
    },

    async history(playerId: number, limit = 50): Promise<StaffSignIn[]> {
      const rows = await db.select().from(signIns).where(eq(signIns.playerId, playerId)).orderBy(desc(signIns.signedInAt), desc(signIns.id)).limit(limit);
      return rows.map((row) => ({
        id: row.id,
        method: row.method as SignInMethod,
        signed_in_at: row.signedInAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        ended_at: row.endedAt?.toISOString() ?? null,
        ip: row.ip,
        user_agent: row.userAgent,
        device_id: row.deviceId,
      }));
    },

    /** Forgets IPs and user agents older than the retention (the sign-in, its time and its device id stay). */
    async forgetOldAddresses(): Promise<number> {
      const before = new Date(now().getTime() - SIGN_IN_ADDRESS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const forgotten = await db
        .update(signIns)
        .set({ ip: null, userAgent: null })
        .where(and(lt(signIns.signedInAt, before), sql`(${signIns.ip} is not null or ${signIns.userAgent} is not null)`))
        .returning({ id: signIns.id });
      return forgotten.length;
    },
  };
}
