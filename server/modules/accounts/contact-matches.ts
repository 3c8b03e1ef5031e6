import { type AnyColumn, and, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountsCore } from './core.ts';
import { players } from './schema.ts';

// Players who gave the same postal address or phone number (issue 33 §3, docs/decisions/0112): the sign-ins
// module links them; this module owns the players' rows, so the comparison is made here.

/** Another player sharing this one's postal address or phone, with what is shared, as staff should read it. */
export type ContactMatch = { otherPlayerId: number; reason: 'address' | 'phone'; detail: string };

// Compared loosely: case and runs of spaces in the street, spaces in the postcode, punctuation in the phone.
type ContactColumns = Record<'address1' | 'postcode' | 'country' | 'phone', AnyColumn>;
const addressKey = (table: ContactColumns) =>
  sql`lower(regexp_replace(trim(${table.address1}), '\\s+', ' ', 'g')) || '|' || upper(replace(${table.postcode}, ' ', '')) || '|' || ${table.country}`;
const phoneKey = (table: ContactColumns) => sql`regexp_replace(${table.phone}, '[^0-9]', '', 'g')`;

export function createContactMatches({ db }: AccountsCore) {
  return {
    async sharedContacts(playerId: number): Promise<ContactMatch[]> {
      const other = alias(players, 'other');
      const rows = await db
        .select({
          otherPlayerId: other.id,
          sameAddress: sql<boolean>`${addressKey(players)} = ${addressKey(other)}`,
          samePhone: sql<boolean>`${phoneKey(players)} = ${phoneKey(other)}`,
          address: sql<string>`${players.address1} || ', ' || ${players.postcode} || ' ' || ${players.city}`,
          phone: players.phone,
        })
        .from(players)
        .innerJoin(other, ne(other.id, players.id))
        .where(
          and(
            eq(players.id, playerId),
            or(sql`${addressKey(players)} = ${addressKey(other)}`, sql`length(${phoneKey(players)}) >= 6 and ${phoneKey(players)} = ${phoneKey(other)}`),
          ),
        );
      return rows.flatMap((row) => [
        ...(row.sameAddress ? [{ otherPlayerId: row.otherPlayerId, reason: 'address' as const, detail: row.address }] : []),
        ...(row.samePhone && row.phone.replace(/\D/g, '').length >= 6
          ? [{ otherPlayerId: row.otherPlayerId, reason: 'phone' as const, detail: row.phone }]
          : []),
      ]);
    },
  };
}
