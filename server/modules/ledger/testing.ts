import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { insertTestPlayer } from '../accounts/testing.ts';
import { createLedgerService, type LedgerService } from './service.ts';

/** A fresh database and ledger for one test file: filled in before the first test, closed after the last. */
export function useLedgerDatabase(): { database: DatabaseHandle; ledger: LedgerService } {
  const handle = {} as { database: DatabaseHandle; ledger: LedgerService };
  beforeAll(async () => {
    handle.database = await openTestDatabase();
    handle.ledger = createLedgerService({ db: handle.database.db });
  });
  afterAll(() => handle.database.close());
  return handle;
}

/** A fresh idempotency key for a test transfer. */
export const testKey = () => `test-${randomBytes(8).toString('hex')}`;

/** A new player with `amount` deposited into cash from the clearing account, and the house accounts tests move money with. */
export async function fundedLedgerPlayer(t: { database: DatabaseHandle; ledger: LedgerService }, amount: number, currency = 'EUR') {
  const playerId = await insertTestPlayer(t.database.db);
  const accounts = await t.ledger.ensurePlayerAccounts(playerId, currency);
  const clearing = await t.ledger.houseAccount('payment_clearing', currency);
  const game = await t.ledger.houseAccount('game', currency);
  if (amount > 0) {
    await t.ledger.transfer({
      idempotencyKey: testKey(),
      type: 'deposit',
      entries: [
        { accountId: clearing.id, amount: -amount },
        { accountId: accounts.cash.id, amount },
      ],
    });
  }
  return { playerId, ...accounts, clearing, game };
}

/** An account's balance as the ledger reads it. */
export async function ledgerBalance(t: { ledger: LedgerService }, accountId: number): Promise<number> {
  return (await t.ledger.account(accountId))!.balance;
}

/** How many journals the ledger holds. */
export async function journalCount(t: { database: DatabaseHandle }): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from ledger_journals`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}
