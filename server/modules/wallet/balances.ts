import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Wallet } from '../../../contract/wallet.ts';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import { type LedgerService, PLAYER_ACCOUNT_KINDS } from '../ledger/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { type PaymentTotalsRow, toPaymentTotals } from '../payments/statements.ts';

// The player's wallet summary and when their browsers hear of it (BalanceUpdated, docs/decisions/0045): after
// every committed transfer that is not a round's own, and once per round with the balance the round's answer gives.

type BalancesRow = { accounts: number | string; cash: number | string; bonus: number | string; withdrawal_hold: number | string };

export type WalletBalances = ReturnType<typeof createWalletBalances>;

export function createWalletBalances({
  db,
  ledger,
  payments,
  currency,
  events,
  bonusAfterRound,
  logger,
}: {
  db: Database;
  ledger: Pick<LedgerService, 'ensurePlayerAccounts' | 'balancesRow'>;
  payments: Pick<PaymentsService, 'totalsRow'>;
  currency: string;
  /** The browsers' channel (BalanceUpdated); nothing is announced when omitted. */
  events?: Pick<PlayerEvents, 'publish'>;
  /** The bonuses' end of a round (wagering met, bonus turned into cash): true when it moved money after the round. */
  bonusAfterRound?: (playerId: number) => Promise<boolean>;
  logger?: FastifyBaseLogger;
}) {
  // After every round and on every wallet page: built once, planned once per connection.
  const player = sql.placeholder('player');
  const walletRow = preparedStatement<BalancesRow & PaymentTotalsRow>(
    db,
    'wallet_row_v1',
    sql`select * from (${ledger.balancesRow(player, currency)}) b cross join (${payments.totalsRow(player)}) t`,
  );

  async function wallet(playerId: number): Promise<Wallet> {
    // One statement for the balances and the payments' totals (after every round, so it counts); a player
    // whose accounts are not made yet gets them first.
    const read = async () => (await walletRow({ player: playerId }))[0]!;
    let row = await read();
    if (Number(row.accounts) < PLAYER_ACCOUNT_KINDS.length) {
      await ledger.ensurePlayerAccounts(playerId, currency);
      row = await read();
    }
    const accounts = { cash: Number(row.cash), bonus: Number(row.bonus), hold: Number(row.withdrawal_hold) };
    const totals = toPaymentTotals(row);
    return {
      currency,
      balance: accounts.cash + accounts.bonus,
      cash: accounts.cash,
      bonus: accounts.bonus,
      withdrawable: accounts.cash,
      pending_withdrawals: accounts.hold,
      pending_withdrawals_count: totals.pendingWithdrawals,
      net_deposits: { lifetime: totals.netDeposits.lifetime, this_month: totals.netDeposits.thisMonth },
      has_deposited: totals.hasDeposited,
    };
  }

  /** Reads the player's wallet and tells their browsers (BalanceUpdated); the balance for the caller's answer. */
  async function announce(playerId: number): Promise<number> {
    // Through the returned object, so that a test's spy on `wallet` counts the reads.
    const snapshot = await balances.wallet(playerId);
    events?.publish(playerId, 'BalanceUpdated', { wallet: snapshot });
    return snapshot.balance;
  }

  const announceQuietly = (playerId: number) => {
    void announce(playerId).catch((error: unknown) => logger?.warn({ err: error, playerId }, 'balance event failed'));
  };

  const balances = {
    wallet,
    announce,
    /**
     * The balance a round answers with, announced once: the round's own transfers told it (`known`), so the answer
     * does not wait for the wallet's read (decision 0091), unless the bonus moved money after the round.
     */
    async afterRound(playerId: number, known: number | null): Promise<number> {
      const bonusMoved = (await bonusAfterRound?.(playerId)) ?? false;
      if (known !== null && !bonusMoved) {
        announceQuietly(playerId);
        return known;
      }
      return announce(playerId);
    },
    /** A committed transfer that was not quiet: each player in it hears their new balance. */
    committed({ playerIds }: { playerIds: readonly number[] }): void {
      for (const playerId of playerIds) announceQuietly(playerId);
    },
  };
  return balances;
}
