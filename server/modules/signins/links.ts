import { and, eq, gte, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { LinkedAccount } from '../../../contract/signins.ts';
import type { Database } from '../../db/client.ts';
import type { RaiseAlert } from '../shared/alerts.ts';
import { accountLinks, duplicateAccounts, signIns } from './schema.ts';

// Linked accounts (issue 33 §3, docs/decisions/0112): two players sharing a device, a payment instrument, a postal
// address, a phone, or a sign-in IP within a day of each other. Found when a sign-in, a registration or a payment
// happens (and by `backfill`); each new pair and reason is recorded once and raises one `linked` alert.

export type LinkReason = 'device' | 'payment' | 'address' | 'phone' | 'ip';
export type FoundLink = { otherPlayerId: number; reason: LinkReason; detail: string };

/** Two sign-ins from one IP this close together link their players (shared IPs further apart are too common). */
export const IP_LINK_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A value more players share than this is a common one (an office's or a carrier's network, a hotel's address, an
 * exchange's hot wallet): it links no one, or every account there would be linked to every other.
 */
export const MAX_SHARING_PLAYERS = 5;
/** Addresses that say nothing about the player's network (the server's own, an unconfigured proxy) link no one. */
const UNINFORMATIVE_IPS = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

export type LinkDependencies = {
  db: Database;
  raiseAlert: RaiseAlert;
  /** Accounts: other players with this one's postal address or phone. */
  sharedContacts: (playerId: number) => Promise<{ otherPlayerId: number; reason: 'address' | 'phone'; detail: string }[]>;
  /** Payments: other players who used one of this player's instruments. */
  sharedInstruments: (playerId: number) => Promise<{ otherPlayerId: number; instrument: string }[]>;
  /** Accounts: the players' e-mail addresses, for staff. */
  emailsOf: (playerIds: number[]) => Promise<Map<number, string>>;
};

/** Drops the links through a value more than MAX_SHARING_PLAYERS other players share. */
export function commonValuesDropped(found: FoundLink[]): FoundLink[] {
  const sharers = new Map<string, Set<number>>();
  for (const link of found) {
    const key = `${link.reason}\n${link.detail}`;
    sharers.set(key, (sharers.get(key) ?? new Set()).add(link.otherPlayerId));
  }
  return found.filter((link) => sharers.get(`${link.reason}\n${link.detail}`)!.size <= MAX_SHARING_PLAYERS);
}

export function createLinks({ db, raiseAlert, sharedContacts, sharedInstruments, emailsOf }: LinkDependencies) {
  /** Other players whose sign-ins share a device id, or an IP within the window, with this player's. */
  async function sharedSignIns(playerId: number): Promise<FoundLink[]> {
    const mine = db
      .select({ deviceId: signIns.deviceId, ip: signIns.ip, at: signIns.signedInAt })
      .from(signIns)
      .where(eq(signIns.playerId, playerId))
      .as('mine');
    const rows = await db
      .selectDistinct({
        otherPlayerId: signIns.playerId,
        deviceId: signIns.deviceId,
        ip: signIns.ip,
        sameDevice: sql<boolean>`${signIns.deviceId} = ${mine.deviceId}`,
      })
      .from(signIns)
      .innerJoin(
        mine,
        or(
          eq(signIns.deviceId, mine.deviceId),
          and(
            eq(signIns.ip, mine.ip),
            gte(signIns.signedInAt, sql`${mine.at} - ${sql.raw(`interval '${IP_LINK_WINDOW_MS / 1000} seconds'`)}`),
            lte(signIns.signedInAt, sql`${mine.at} + ${sql.raw(`interval '${IP_LINK_WINDOW_MS / 1000} seconds'`)}`),
          ),
        ),
      )
      .where(and(ne(signIns.playerId, playerId), or(eq(signIns.deviceId, mine.deviceId), notInArray(signIns.ip, UNINFORMATIVE_IPS))));
    return rows.map((row) =>
      row.sameDevice
        ? { otherPlayerId: row.otherPlayerId, reason: 'device', detail: `device ${row.deviceId!.slice(0, 8)}…` }
        : { otherPlayerId: row.otherPlayerId, reason: 'ip', detail: row.ip! },
    );
  }

  async function store(playerId: number, found: FoundLink[]): Promise<FoundLink[]> {
    const fresh: FoundLink[] = [];
    for (const link of found) {
      const [low, high] = playerId < link.otherPlayerId ? [playerId, link.otherPlayerId] : [link.otherPlayerId, playerId];
      const inserted = await db
        .insert(accountLinks)
        .values({ playerId: low, otherPlayerId: high, reason: link.reason, detail: link.detail })
        .onConflictDoNothing()
        .returning({ id: accountLinks.id });
      if (inserted.length === 0) continue;
      fresh.push(link);
      await raiseAlert({
        playerId,
        kind: 'linked',
        rule: `linked-${link.reason}`,
        facts: { linkedPlayerId: link.otherPlayerId, reason: link.reason },
        dedupeKey: `linked:${low}:${high}:${link.reason}`,
      });
    }
    return fresh;
  }

  const signals = {
    signIns: sharedSignIns,
    contacts: async (playerId: number) => (await sharedContacts(playerId)) as FoundLink[],
    payments: async (playerId: number): Promise<FoundLink[]> =>
      (await sharedInstruments(playerId)).map((shared) => ({ otherPlayerId: shared.otherPlayerId, reason: 'payment', detail: shared.instrument })),
  };

  return {
    /** Looks for this player's links by the signals named (all by default); returns the links new this time. */
    async link(playerId: number, which: (keyof typeof signals)[] = ['signIns', 'contacts', 'payments']): Promise<FoundLink[]> {
      const found = (await Promise.all(which.map((signal) => signals[signal](playerId)))).flat();
      const unique = [...new Map(found.map((link) => [`${link.otherPlayerId}:${link.reason}`, link])).values()];
      return store(playerId, commonValuesDropped(unique));
    },

    /** The players linked to this one, each with every reason found. */
    async linkedTo(playerId: number): Promise<LinkedAccount[]> {
      const rows = await db
        .select()
        .from(accountLinks)
        .where(or(eq(accountLinks.playerId, playerId), eq(accountLinks.otherPlayerId, playerId)))
        .orderBy(accountLinks.foundAt, accountLinks.id);
      const others = [...new Set(rows.map((row) => (row.playerId === playerId ? row.otherPlayerId : row.playerId)))];
      if (others.length === 0) return [];
      const [emails, flagged] = await Promise.all([
        emailsOf(others),
        db.select({ playerId: duplicateAccounts.playerId }).from(duplicateAccounts).where(inArray(duplicateAccounts.playerId, others)),
      ]);
      const duplicates = new Set(flagged.map((row) => row.playerId));
      return others.map((other) => ({
        player_id: other,
        email: emails.get(other) ?? null,
        duplicate: duplicates.has(other),
        reasons: rows
          .filter((row) => row.playerId === other || row.otherPlayerId === other)
          .map((row) => ({ reason: row.reason as LinkReason, detail: row.detail, found_at: row.foundAt.toISOString() })),
      }));
    },
  };
}
