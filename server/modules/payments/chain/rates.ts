import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { chainRates } from '../schema.ts';
import { formatRate, parseRate } from './quote.ts';

// Where on-chain deposits get their rate (docs/decisions/0109-crypto-rail.md): a port, so a market feed can replace
// the default, the operator-set table. A rate older than its maximum age is stale: crediting waits and operators are
// alerted; nothing is ever guessed.

export type RateAnswer = { rate: string; rateUnits: bigint; setAt: Date } | { missing: true } | { stale: true; setAt: Date };

export type RateProvider = {
  /** What one whole `token` is worth in `currency` at `at`. */
  rate(token: string, currency: string, at: Date): Promise<RateAnswer>;
};

export type RateRow = { token: string; currency: string; rate: string; maxAgeSeconds: number; setAt: Date; setBy: number | null };

export function createRateTable({ db }: { db: Database }) {
  return {
    async rate(token: string, currency: string, at: Date): Promise<RateAnswer> {
      const [row] = await db
        .select()
        .from(chainRates)
        .where(and(eq(chainRates.token, token), eq(chainRates.currency, currency)));
      const units = row ? parseRate(row.rate) : null;
      if (!row || units === null) return { missing: true };
      if (at.getTime() - row.setAt.getTime() > row.maxAgeSeconds * 1000) return { stale: true, setAt: row.setAt };
      return { rate: row.rate, rateUnits: units, setAt: row.setAt };
    },

    async list(): Promise<RateRow[]> {
      return db.select().from(chainRates).orderBy(chainRates.token, chainRates.currency);
    },

    /** Sets (or replaces) a rate; `rate` must already be a valid decimal (see parseRate). */
    async set(input: { token: string; currency: string; rate: string; maxAgeSeconds: number; setBy: number | null; at?: Date }): Promise<RateRow> {
      const units = parseRate(input.rate);
      if (units === null) throw new RangeError('Not a rate');
      const values = {
        token: input.token,
        currency: input.currency,
        rate: formatRate(units),
        maxAgeSeconds: input.maxAgeSeconds,
        setBy: input.setBy,
        setAt: input.at ?? new Date(),
      };
      const [row] = await db
        .insert(chainRates)
        .values(values)
        .onConflictDoUpdate({
          target: [chainRates.token, chainRates.currency],
          set: { rate: values.rate, maxAgeSeconds: values.maxAgeSeconds, setBy: values.setBy, setAt: values.setAt },
        })
        .returning();
      return row!;
    },
  };
}

export type RateTable = ReturnType<typeof createRateTable>;
