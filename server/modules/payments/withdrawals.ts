import { formatMoney } from '../../../contract/money.ts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { KycStatus } from '../../../contract/accounts.ts';
import { KYC_MESSAGE, type Withdrawal } from '../../../contract/wallet.ts';
import { invalid, Problem } from '../../problem.ts';
import { IdempotencyConflict, InsufficientFunds } from '../ledger/service.ts';
import { idempotencyConflict, keyedUuid, replayOf, requestHashOf } from '../shared/idempotency.ts';
import { methodOrFail, type PayingPlayer, type PaymentsDependencies, toWithdrawal, type WithdrawalRow } from './common.ts';
import { withdrawals } from './schema.ts';

// Withdrawal requests (docs/decisions/0021-wallet-and-payments.md): the id is derived from the player and the
// Idempotency-Key, the money moves cash → withdrawal_hold under `withdrawal:{id}` with the row in the same
// transaction, and operators decide later (operator-decisions.ts).

export function createWithdrawals(
  dependencies: PaymentsDependencies,
  {
    kycStatusOf,
    lastDepositCard,
  }: {
    kycStatusOf: (playerId: number) => Promise<KycStatus | null>;
    lastDepositCard: (playerId: number) => Promise<{ last4: string | null } | undefined>;
  },
) {
  const { db, ledger, currency } = dependencies;

  async function withdrawalById(id: string): Promise<WithdrawalRow | undefined> {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    return row;
  }

  return {
    withdrawalById,

    async requestWithdrawal(
      player: PayingPlayer,
      input: { method: string; amount: number; address?: string | null },
      idempotencyKey: string,
    ): Promise<Withdrawal> {
      const id = keyedUuid('withdrawal', String(player.id), idempotencyKey);
      const address = input.address?.trim() || null;
      const requestHash = requestHashOf(['withdrawal', input.method, input.amount, address]);
      const existing = await withdrawalById(id);
      if (existing) return toWithdrawal(replayOf(existing, requestHash));
      if ((await kycStatusOf(player.id)) !== 'verified') throw new Problem(400, KYC_MESSAGE, { type: 'kyc' });
      const method = methodOrFail(dependencies, input.method, 'withdrawal', input.amount).found;
      let destination: string;
      if (method.type === 'crypto') {
        if (!address) throw invalid({ address: ['The address field is required for crypto withdrawals.'] });
        if (!/^[a-zA-Z0-9]{26,90}$/.test(address)) throw invalid({ address: ['The address must be 26 to 90 letters and digits.'] });
        destination = address;
      } else {
        // Closed loop: card withdrawals go back to a card the player deposited with.
        const card = await lastDepositCard(player.id);
        if (!card) throw invalid({ method: ['Card withdrawals go back to the card you deposited with; make a card deposit first or choose crypto.'] });
        destination = card.last4 ? `Card ending ${card.last4}` : 'Card used for deposits';
      }
      const accounts = await ledger.ensurePlayerAccounts(player.id, currency);
      /** Refused for want of money, unless a concurrent request with the same key just made it: then that is the answer. */
      const overdrawn = async (): Promise<Withdrawal> => {
        const made = await withdrawalById(id);
        if (made) return toWithdrawal(replayOf(made, requestHash));
        const fresh = await ledger.ensurePlayerAccounts(player.id, currency);
        throw invalid({ amount: [`The amount may not be greater than your withdrawable balance of ${formatMoney(fresh.cash.balance, currency)}.`] });
      };
      if (input.amount > accounts.cash.balance) return overdrawn();
      try {
        const journal = await ledger.transfer(
          {
            idempotencyKey: `withdrawal:${id}`,
            type: 'withdrawal_hold',
            referenceId: id,
            metadata: { method: method.id },
            entries: [
              { accountId: accounts.cash.id, amount: -input.amount },
              { accountId: accounts.withdrawal_hold.id, amount: input.amount },
            ],
          },
          {
            within: async (tx) => {
              await tx
                .insert(withdrawals)
                .values({ id, playerId: player.id, method: method.id, amount: input.amount, currency, destination, idempotencyKey, requestHash });
            },
          },
        );
        const row = (await withdrawalById(id))!;
        return toWithdrawal(journal.replayed ? replayOf(row, requestHash) : row);
      } catch (error) {
        if (error instanceof InsufficientFunds) return overdrawn();
        if (error instanceof IdempotencyConflict) throw idempotencyConflict();
        throw error;
      }
    },

    async pendingWithdrawalsOf(playerId: number): Promise<Withdrawal[]> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.playerId, playerId), inArray(withdrawals.status, ['pending'])))
        .orderBy(desc(withdrawals.createdAt));
      return rows.map(toWithdrawal);
    },
  };
}
