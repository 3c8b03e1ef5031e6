import { and, desc, eq, gte, inArray, lt, lte, notInArray, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AdminPlayer, KycStatus } from '../../../contract/accounts.ts';
import type { AccountsCore } from './core.ts';
import { personalAccessTokens, players } from './schema.ts';

// What operators and other modules may know of players: search, KYC status, blocking, existence. Other modules
// ask these functions instead of reading the players table (docs/decisions/0028-modules-own-their-tables.md).

export function createPlayerAdmin({ db, now, passwords }: AccountsCore) {
  const adminColumns = { id: players.id, email: players.email, active: players.active, blocked: players.blocked, kycStatus: players.kycStatus };
  const toAdminPlayer = (row: { id: number; email: string; active: boolean; blocked: boolean; kycStatus: string }): AdminPlayer => ({
    id: String(row.id),
    email: row.email,
    active: row.active,
    blocked: row.blocked,
    kyc_status: row.kycStatus as KycStatus,
  });

  return {
    /** Operators' search: players whose e-mail contains `query` (all when empty), newest first. */
    async findPlayers(query: string | undefined, limit = 50): Promise<AdminPlayer[]> {
      const pattern = query
        ? `%${query
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : undefined;
      const rows = await db
        .select(adminColumns)
        .from(players)
        .where(pattern ? sql`lower(${players.email}) like ${pattern}` : undefined)
        .orderBy(desc(players.id))
        .limit(limit);
      return rows.map(toAdminPlayer);
    },

    /**
     * The back office's player search (docs/decisions/0084-admin-console.md): `q` matches the id exactly, or any
     * part of the e-mail, name or phone; filters by status, KYC, country and registration days. Newest first.
     */
    async searchPlayers(
      filter: {
        q?: string;
        status?: 'active' | 'inactive' | 'blocked';
        kyc?: KycStatus;
        country?: string;
        from?: string;
        to?: string;
        /** Only these players (another module's filter, e.g. a VIP tier); an empty list matches nobody. */
        onlyIds?: number[];
        /** None of these players. */
        exceptIds?: number[];
      },
      limit = 1000,
    ) {
      const conditions: SQL[] = [];
      if (filter.onlyIds) conditions.push(filter.onlyIds.length ? inArray(players.id, filter.onlyIds) : sql`false`);
      if (filter.exceptIds?.length) conditions.push(notInArray(players.id, filter.exceptIds));
      const q = filter.q?.trim().toLowerCase();
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const text = or(
          sql`lower(${players.email}) like ${pattern}`,
          sql`lower(${players.name} || ' ' || ${players.surname}) like ${pattern}`,
          sql`${players.phone} like ${pattern}`,
          ...(/^[1-9][0-9]{0,14}$/.test(q) ? [eq(players.id, Number(q))] : []),
        );
        if (text) conditions.push(text);
      }
      if (filter.status === 'blocked') conditions.push(eq(players.blocked, true));
      if (filter.status === 'active') conditions.push(and(eq(players.active, true), eq(players.blocked, false))!);
      if (filter.status === 'inactive') conditions.push(and(eq(players.active, false), eq(players.blocked, false))!);
      if (filter.kyc) conditions.push(eq(players.kycStatus, filter.kyc));
      if (filter.country) conditions.push(eq(players.country, filter.country.toUpperCase()));
      if (filter.from) conditions.push(gte(players.createdAt, new Date(`${filter.from}T00:00:00Z`)));
      if (filter.to) conditions.push(lte(players.createdAt, new Date(`${filter.to}T23:59:59.999Z`)));
      const rows = await db
        .select({ ...adminColumns, name: players.name, surname: players.surname, country: players.country, phone: players.phone, createdAt: players.createdAt })
        .from(players)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(players.id))
        .limit(limit);
      return rows.map((row) => ({
        ...toAdminPlayer(row),
        name: `${row.name} ${row.surname}`.trim(),
        country: row.country,
        phone: row.phone,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** A player's profile for the back office, and their recent sign-ins (newest first). Null for an unknown player. */
    async adminPlayerProfile(playerId: number) {
      const [row] = await db.select().from(players).where(eq(players.id, playerId));
      if (!row) return null;
      const sessions = await db
        .select({ method: personalAccessTokens.name, createdAt: personalAccessTokens.createdAt, lastUsedAt: personalAccessTokens.lastUsedAt })
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.playerId, playerId))
        .orderBy(desc(personalAccessTokens.createdAt))
        .limit(20);
      return {
        ...toAdminPlayer(row),
        name: row.name,
        surname: row.surname,
        birthdate: row.birthdate,
        country: row.country,
        city: row.city,
        address1: row.address1,
        postcode: row.postcode,
        phone: row.phone,
        created_at: row.createdAt.toISOString(),
        last_login_at: row.lastLoginAt?.toISOString() ?? null,
        registration_ip: row.registrationIp,
        logins: sessions.map((s) => ({ method: s.method, at: s.createdAt.toISOString(), last_used_at: s.lastUsedAt.toISOString() })),
      };
    },

    /** New registrations per UTC day in [from, to), for the back office's dashboard. */
    async registrationsByDay(from: Date, to: Date): Promise<{ day: string; registrations: number }[]> {
      const day = sql<string>`to_char(date_trunc('day', ${players.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, registrations: sql<number>`count(*)::int` })
        .from(players)
        .where(and(gte(players.createdAt, from), lt(players.createdAt, to)))
        .groupBy(day);
      return rows.map((row) => ({ day: row.day, registrations: Number(row.registrations) }));
    },

    /** Registration time and KYC status of these players (the withdrawals queue's risk hints). */
    async riskBasics(playerIds: number[]): Promise<Map<number, { createdAt: Date; kycStatus: KycStatus }>> {
      if (playerIds.length === 0) return new Map();
      const rows = await db
        .select({ id: players.id, createdAt: players.createdAt, kycStatus: players.kycStatus })
        .from(players)
        .where(inArray(players.id, playerIds));
      return new Map(rows.map((row) => [row.id, { createdAt: row.createdAt, kycStatus: row.kycStatus as KycStatus }]));
    },

    /** Players' names and e-mails by id, for the console's lists that would otherwise show only ids. */
    async playerNames(playerIds: number[]): Promise<Map<number, { name: string; email: string }>> {
      if (playerIds.length === 0) return new Map();
      const rows = await db
        .select({ id: players.id, name: players.name, surname: players.surname, email: players.email })
        .from(players)
        .where(inArray(players.id, playerIds));
      return new Map(rows.map((row) => [row.id, { name: [row.name, row.surname].filter(Boolean).join(' '), email: row.email }]));
    },

    /** Of these players, the blocked ones. */
    async blockedAmong(playerIds: number[]): Promise<Set<number>> {
      if (playerIds.length === 0) return new Set();
      const rows = await db
        .select({ id: players.id })
        .from(players)
        .where(and(inArray(players.id, playerIds), eq(players.blocked, true)));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Names, birthdates and countries for sanctions screening (docs/decisions/0116): the named players, or a page of
     * every player in id order after `afterId`.
     */
    async identities(query: { playerIds: number[] } | { afterId: number; limit: number }) {
      const columns = { id: players.id, name: players.name, surname: players.surname, birthdate: players.birthdate, country: players.country };
      if ('playerIds' in query) {
        if (query.playerIds.length === 0) return [];
        return db.select(columns).from(players).where(inArray(players.id, query.playerIds)).orderBy(players.id);
      }
      return db.select(columns).from(players).where(sql`${players.id} > ${query.afterId}`).orderBy(players.id).limit(query.limit);
    },

    /** Whether a player with this id exists. */
    async playerExists(playerId: number): Promise<boolean> {
      const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
      return row !== undefined;
    },

    /** The player's birthdate (`YYYY-MM-DD`), for the age-dependent slot stake cap; null for no such player. */
    async birthdateOf(playerId: number): Promise<string | null> {
      const [row] = await db.select({ birthdate: players.birthdate }).from(players).where(eq(players.id, playerId));
      return row?.birthdate ?? null;
    },

    /** The player's country of residence (ISO 3166-1 alpha-2): their jurisdiction profile follows it (decision 0120). */
    async countryOf(playerId: number): Promise<string | null> {
      const [row] = await db.select({ country: players.country }).from(players).where(eq(players.id, playerId));
      return row?.country ?? null;
    },

    /** The same country as a scalar subquery, for a module to read in its own statement (limits' stake settings). */
    countrySql(playerId: number | Placeholder): SQL<string | null> {
      return sql<string | null>`(select ${players.country} from ${players} where ${players.id} = ${playerId})`;
    },

    /** The same birthdate as a scalar subquery (`YYYY-MM-DD` text, null for no such player), for a module to read in its own statement. */
    birthdateSql(playerId: number | Placeholder): SQL<string | null> {
      return sql<string | null>`(select ${players.birthdate}::text from ${players} where ${players.id} = ${playerId})`;
    },

    /**
     * The player's standing as a scalar subquery: `blocked`, `inactive` or `active` (null for no such player), for a
     * guard that reads it in its own one statement (limits' stake settings).
     */
    standingSql(playerId: number | Placeholder): SQL<string | null> {
      return sql<
        string | null
      >`(select case when ${players.blocked} then 'blocked' when not ${players.active} then 'inactive' else 'active' end from ${players} where ${players.id} = ${playerId})`;
    },

    /** Whether `password` is the player's: the password confirmation of a time-out or self-exclusion. */
    async checkPassword(playerId: number, password: string): Promise<boolean> {
      const [row] = await db.select({ hash: players.passwordHash }).from(players).where(eq(players.id, playerId));
      return row ? passwords.verify(row.hash, password) : false;
    },

    /** No more marketing to the player (a time-out or self-exclusion started): the newsletter is switched off. */
    async stopMarketing(playerId: number): Promise<void> {
      await db.update(players).set({ newsletter: false, updatedAt: now() }).where(eq(players.id, playerId));
    },

    /**
     * Of these players, those marketing may not reach on this module's say: blocked, or without marketing consent
     * (the newsletter, which a time-out or self-exclusion also switches off). Read in slices: PostgreSQL takes at
     * most 65,535 parameters in one statement.
     */
    async closedToMarketing(playerIds: number[]): Promise<Set<number>> {
      const closed = new Set<number>();
      for (let i = 0; i < playerIds.length; i += 5_000) {
        const rows = await db
          .select({ id: players.id })
          .from(players)
          .where(and(inArray(players.id, playerIds.slice(i, i + 5_000)), or(eq(players.blocked, true), eq(players.newsletter, false))));
        for (const row of rows) closed.add(row.id);
      }
      return closed;
    },

    /** The player's identity-verification status; null for an unknown player. */
    async kycStatusOf(playerId: number): Promise<KycStatus | null> {
      const [row] = await db.select({ kycStatus: players.kycStatus }).from(players).where(eq(players.id, playerId));
      return row ? (row.kycStatus as KycStatus) : null;
    },

    /** One player as operators see it; `within` reads inside the caller's transaction. */
    async adminPlayer(playerId: number, within: Database = db): Promise<AdminPlayer | null> {
      const [row] = await within.select(adminColumns).from(players).where(eq(players.id, playerId));
      return row ? toAdminPlayer(row) : null;
    },

    /** An operator's KYC decision (until document upload arrives with the verification work). */
    async setKycStatus(playerId: number, kycStatus: KycStatus, within: Database = db): Promise<AdminPlayer | null> {
      const [row] = await within.update(players).set({ kycStatus, updatedAt: now() }).where(eq(players.id, playerId)).returning(adminColumns);
      return row ? toAdminPlayer(row) : null;
    },

    /** Blocks or unblocks a player. Takes effect on their very next request: nothing caches it. */
    async setBlocked(playerId: number, blocked: boolean, within: Database = db): Promise<AdminPlayer | null> {
      const [row] = await within
        .update(players)
        .set({ blocked, blockedAt: blocked ? now() : null, updatedAt: now() })
        .where(eq(players.id, playerId))
        .returning(adminColumns);
      return row ? toAdminPlayer(row) : null;
    },
  };
}
