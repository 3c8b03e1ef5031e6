import { getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import type { LedgerService, TransferOutcome, TransferRequest, TransferResult } from '../ledger/service.ts';
import { hasSqlState } from '../shared/db-results.ts';
import { providerTransactions } from './schema.ts';
import type { NewTransaction } from './store.ts';

// An aggregator's bet or win as one autocommitted statement, provider_transaction_instant() (migration 0034), as our
// instant rounds are (decision 0091): the row that claims the uuid, the round, the money, the row's journal id and
// the stake's loyalty carry, with no BEGIN and no COMMIT. Only for a transaction the bonuses record nothing for; the
// others go the long way (bets.ts, settlements.ts), whose steps this statement repeats one for one.

const STATEMENT = `select * from provider_transaction_instant($1::jsonb, $2, $3, $4::bigint, $5::bigint, $6::boolean, $7::bigint,
  $8, $9, $10, $11, $12::jsonb, $13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::boolean, $18::bigint, $19::timestamptz)`;
const NO_TRANSFER: unknown[] = Array(9).fill(null);
const COLUMNS = Object.entries(getTableColumns(providerTransactions)).filter(([field]) => field !== 'id') as [keyof NewTransaction, { name: string }][];
/** What the table's defaults would have written, for the fields a row leaves out. */
const DEFAULTS: Partial<NewTransaction> = { amount: 0, free: false, pointsStake: 0 };

type Row = {
  transaction_id: number | string | null;
  journal_id: number | string | null;
  created_at: Date | string | null;
  updated: TransferOutcome['updated'];
  inserted: number | string | null;
  carry: number | null;
};

/** The bet a win names may not be paid now (found so once locked): `rolled_back` or `does_not_exist`. */
export class WinRefused extends Error {
  readonly outcome: 'rolled_back' | 'does_not_exist';
  constructor(outcome: 'rolled_back' | 'does_not_exist') {
    super(outcome);
    this.outcome = outcome;
  }
}

export type InstantTransaction = {
  row: NewTransaction;
  round: { id: string; gameCode: string; stake: number; win: number; closed: boolean };
  /** A win's bet, locked and checked in the statement. */
  betId: number | null;
  transfer: TransferRequest | null;
  /** The cash part of a stake that earns loyalty points, and whether it earns slot points. */
  earns: { slots: boolean; stake: number } | null;
  at: Date;
};

export function createInstantTransactions({ db, ledger }: { db: Database; ledger: LedgerService }) {
  /**
   * Runs the statement: null when the uuid was taken (nothing done), else the row's id, the transfer's result and
   * the carry the stake left. Throws InsufficientFunds for a stake the player cannot pay and WinRefused for a win
   * whose bet may not be paid; either way nothing was recorded.
   */
  return async function instant(transaction: InstantTransaction): Promise<{ id: number; journal: TransferResult | null; carry: number | null } | null> {
    const { row, round, at } = transaction;
    const step = transaction.transfer ? ledger.transferStep(transaction.transfer) : null;
    const full: Record<string, unknown> = { ...DEFAULTS, ...row, createdAt: at, updatedAt: at };
    const json = JSON.stringify(Object.fromEntries(COLUMNS.map(([field, column]) => [column.name, full[field] ?? null])));
    const values = [
      json,
      round.id,
      round.gameCode,
      round.stake,
      round.win,
      round.closed,
      transaction.betId,
      ...(step?.values ?? NO_TRANSFER),
      transaction.earns?.slots ?? null,
      transaction.earns?.stake ?? null,
      at,
    ];
    let out: Row;
    try {
      [out] = (await runNamed(db, 'provider_transaction_instant_v1', STATEMENT, values)) as [Row];
    } catch (error) {
      if (hasSqlState(error, 'PRV01')) throw new WinRefused((error as Error).message === 'rolled_back' ? 'rolled_back' : 'does_not_exist');
      throw step ? step.refusal(error) : error;
    }
    if (out.transaction_id === null) return null;
    let journal: TransferResult | null = null;
    if (step) {
      journal = step.result({ journal_id: out.journal_id, created_at: out.created_at, updated: out.updated, inserted: out.inserted ?? 0 });
      if (!journal) throw new Error(`provider transaction ${row.transactionUuid}: its transfer was not made`);
    }
    return { id: Number(out.transaction_id), journal, carry: out.carry === null ? null : Number(out.carry) };
  };
}

export type InstantTransactions = ReturnType<typeof createInstantTransactions>;
