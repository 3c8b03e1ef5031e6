// What the ledger tells the others after commit (server/modules/shared/events.ts; wired in server/subscriptions.ts).
import type { TransferResult } from './model.ts';

export type LedgerEvents = {
  /**
   * A transfer committed that was not quiet (a round's own transfers are: the round announces once): balances,
   * notices, compliance, sign-in links and affiliates' deposit tracking follow. `playerIds`: the players whose
   * accounts it moved.
   */
  JournalCommitted: { journal: TransferResult; playerIds: number[] };
};
