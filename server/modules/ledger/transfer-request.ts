import { InsufficientFunds, LedgerValidationError, requestHash, type TransferRequest, type TransferResult, validate } from './model.ts';
import type { TransferOutcome } from './transfer-statement.ts';

// A transfer request made ready for ledger_transfer(), the one implementation of a transfer: transfer() runs it on
// its own or in a caller's transaction, and a module's own statement may call it among its steps (a round's,
// docs/decisions/0125-one-round-pipeline.md). No database here: arguments in, result out.

/** A transfer that moved money, and the players whose balances it changed. */
export type Moved = { journal: TransferResult; playerIds: number[] };

export type PreparedTransfer = ReturnType<typeof prepareTransfer>;

/**
 * A transfer's arguments for ledger_transfer() (validated, entries netted per account in lock order) and how its
 * outcome row reads as our result. Throws LedgerValidationError before anything is sent.
 */
export function prepareTransfer(request: TransferRequest) {
  validate(request);
  const hash = requestHash(request);
  const net = new Map<number, number>();
  for (const { accountId, amount } of request.entries) net.set(accountId, (net.get(accountId) ?? 0) + amount);
  // Every account an entry names is locked and updated, one whose entries cancel out by 0: its entries still
  // record the balance they leave it with.
  // A consistent lock order (ascending id) so two transfers over the same accounts cannot deadlock.
  const ordered = [...net.entries()].sort((a, b) => a[0] - b[0]);
  for (const [id, amount] of net) {
    if (!Number.isSafeInteger(amount)) throw new LedgerValidationError('Entry amounts overflow');
    if (amount === 0) net.delete(id);
  }
  if (net.size < 2) throw new LedgerValidationError('A transfer must move money between at least two accounts');

  const referenceId = request.referenceId ?? null;
  const metadata = request.metadata ?? {};
  const values = [
    request.type,
    request.idempotencyKey,
    hash,
    referenceId,
    JSON.stringify(metadata),
    ordered.map(([id]) => id),
    ordered.map(([, amount]) => amount),
    request.entries.map((e) => e.accountId),
    request.entries.map((e) => e.amount),
  ];

  /** The statement's outcome as our result; null when the key was taken (a replay or a conflict). */
  function resultOf(outcome: TransferOutcome | undefined): Moved | null {
    if (outcome?.journal_id == null) return null;
    const updated = (outcome.updated ?? []) as Exclude<TransferOutcome['updated'], string | null>;
    if (Number(outcome.inserted) !== request.entries.length) throw new Error('Ledger entries were not written');
    return {
      journal: {
        id: Number(outcome.journal_id),
        type: request.type,
        idempotencyKey: request.idempotencyKey,
        referenceId,
        metadata,
        createdAt: new Date(outcome.created_at!),
        entries: request.entries.map((e) => ({ accountId: e.accountId, amount: e.amount })),
        replayed: false,
        balances: updated.map((r) => ({ accountId: Number(r.id), balance: Number(r.balance) })),
      },
      playerIds: [...new Set(updated.filter((r) => r.player_id != null).map((r) => Number(r.player_id)))],
    };
  }

  /**
   * A refusal named without reading (inside a transaction that is now aborted, no other read is possible): the
   * first account the transfer takes money from.
   */
  const insufficient = () => new InsufficientFunds([...net].find(([, amount]) => amount < 0)![0]);
  return { values, hash, net, resultOf, insufficient };
}
