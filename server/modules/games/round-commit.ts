// The commit step of a real-money round (docs/decisions/0125-one-round-pipeline.md): the nonce claim and the round
// row, the bet, the win and the stake's points, all or nothing. Each part has one implementation, owned by its
// module: game_round_open() (games: the claim and the row), ledger_transfer() (the ledger) and clubs_add_carry()
// (the clubs' carry, inside their points' earn). An instant round with nothing for the bonuses to record commits as
// one autocommitted statement, game_round_instant(), which calls them in order (decision 0091's speed: no BEGIN, no
// COMMIT); any other round runs the same functions as statements of one TypeScript transaction, with the bonuses'
// records and the points' hook between them.

import { getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import type { LedgerService, LedgerTransaction, TransferOutcome, TransferRequest, TransferResult } from '../ledger/service.ts';
import { isNullColumn } from '../shared/db-results.ts';
import type { RoundRow } from './round-settlement.ts';
import { gameRounds } from './schema.ts';

/** The seed pair moved on between reading it and claiming its nonce; the round is computed again. */
export class SeedMoved extends Error {}

/** The stake as the clubs' points hear it: `stake` is the part that earns, `key` is unique to this stake. */
export type EarningStake = { playerId: number; roundId: string; engine: string; stake: number; key: string };

/** Everything a round commits: its row, its transfers, what the bonuses record beside them and the earning stake. */
export type RoundPlan = {
  row: RoundRow;
  bet: TransferRequest;
  win: TransferRequest | null;
  /** The bonuses' records of the bet and of the win, in the round's transaction; absent when there is nothing to record. */
  recordBet?: (tx: LedgerTransaction) => Promise<void>;
  recordWin?: (tx: LedgerTransaction) => Promise<void>;
  stake: EarningStake;
};

/** What the commit left: the transfers' results and, from the one statement, the carry its stake left (else null). */
export type Committed = { results: TransferResult[]; carried: number | null };

/** The one statement: game_round_open(), ledger_transfer() for the bet and the win, clubs_add_carry() (migration 0042). */
const ROUND_STATEMENT = `select * from game_round_instant($1::jsonb,
  $2, $3, $4, $5, $6::jsonb, $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[],
  $11, $12, $13, $14, $15::jsonb, $16::bigint[], $17::bigint[], $18::bigint[], $19::bigint[],
  $20, $21, $22)`;
type RoundStatementRow = {
  bet_journal_id: number | string;
  bet_created_at: Date | string;
  bet_updated: TransferOutcome['updated'];
  bet_inserted: number | string;
  win_journal_id: number | string | null;
  win_created_at: Date | string | null;
  win_updated: TransferOutcome['updated'];
  win_inserted: number | string | null;
  carry: number | null;
};
const NO_TRANSFER: unknown[] = Array(9).fill(null);
const ROUND_COLUMNS = Object.entries(getTableColumns(gameRounds)).map(([field, column]) => [field as keyof RoundRow, column.name] as const);

/** The round row as game_round_open() takes it: JSON keyed by column name. */
const roundJson = (row: RoundRow): string => JSON.stringify(Object.fromEntries(ROUND_COLUMNS.map(([field, name]) => [name, row[field]])));

/** A pair that moved on leaves the row's nonce null, which its NOT NULL refuses: SeedMoved. */
function seedMoved(error: unknown): unknown {
  return isNullColumn(error, 'nonce') ? new SeedMoved() : error;
}

export function createRoundCommit({ db, ledger }: { db: Database; ledger: LedgerService }) {
  /**
   * An instant round as one autocommitted statement. Throws what the transaction throws: a unique violation for a
   * used round id, SeedMoved, InsufficientFunds for a refused bet.
   */
  async function inOneStatement(plan: RoundPlan, earns: { slots: boolean; stake: number } | null): Promise<Committed> {
    const bet = ledger.transferStep(plan.bet);
    const win = plan.win ? ledger.transferStep(plan.win) : null;
    const values = [roundJson(plan.row), ...bet.values, ...(win?.values ?? NO_TRANSFER), earns?.slots ?? null, earns?.stake ?? null, plan.row.createdAt];
    let out: RoundStatementRow;
    try {
      [out] = (await runNamed(db, 'game_round_instant_v1', ROUND_STATEMENT, values)) as [RoundStatementRow];
    } catch (error) {
      throw bet.refusal(seedMoved(error));
    }
    const results = [bet.result({ journal_id: out.bet_journal_id, created_at: out.bet_created_at, updated: out.bet_updated, inserted: out.bet_inserted })];
    if (win)
      results.push(win.result({ journal_id: out.win_journal_id, created_at: out.win_created_at, updated: out.win_updated, inserted: out.win_inserted ?? 0 }));
    if (results.some((result) => result === null)) throw new Error(`round ${plan.row.id}: a transfer of its statement was not made`);
    return { results: results as TransferResult[], carried: out.carry === null ? null : Number(out.carry) };
  }

  /**
   * The same steps as statements of one transaction, for a round the bonuses record or whose points are earned by
   * `onStake`. The round's own row before the money: the bet locks the house's game account, which every round waits
   * on until this commit, so the fewer statements after it the better; the points after the transfers, in the order
   * every other path locks a player's accounts and points. A retry of the key stops at the row (a unique violation).
   */
  async function inTransaction(plan: RoundPlan, onStake?: (tx: LedgerTransaction, stake: EarningStake) => Promise<void>): Promise<Committed> {
    const results: TransferResult[] = [];
    await db.transaction(async (tx) => {
      await runNamed(tx, 'game_round_open_v1', 'select game_round_open($1::jsonb)', [roundJson(plan.row)]).catch((error: unknown) => {
        throw seedMoved(error);
      });
      const bet = await ledger.transfer(plan.bet, { in: tx, quiet: true });
      // The round's id was free, so its bet's key must be too; a journal under it would be a broken ledger.
      if (bet.replayed) throw new Error(`round ${plan.row.id}: its bet key was used without its round`);
      results.push(bet);
      await plan.recordBet?.(tx);
      if (plan.win) {
        // The win is its own journal under the round's win key, committed with the stake: one commit.
        results.push(await ledger.transfer(plan.win, { in: tx, quiet: true }));
        await plan.recordWin?.(tx);
      }
      await onStake?.(tx, plan.stake);
    });
    return { results, carried: null };
  }

  return { inOneStatement, inTransaction };
}
