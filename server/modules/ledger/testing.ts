import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
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
