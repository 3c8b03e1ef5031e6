import { formatMoney } from '../../../contract/money.ts';
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { KycStatus } from '../../../contract/accounts.ts';
import { KYC_MESSAGE, type PaymentMethod, type Withdrawal } from '../../../contract/wallet.ts';
import { invalid, Problem } from '../../problem.ts';
import { IdempotencyConflict, InsufficientFunds } from '../ledger/service.ts';
import { idempotencyConflict, keyedUuid, replayOf, requestHashOf } from '../shared/idempotency.ts';
import { methodOrFail, type PayingPlayer, type PaymentsDependencies, toWithdrawal, type WithdrawalRow } from './common.ts';
import { recordPaymentEvent } from './events.ts';
import { withdrawals } from './schema.ts';

// Withdrawal requests (docs/decisions/0021-wallet-and-payments.md): the id is derived from the player and the
// Idempotency-Key, the money moves cash → withdrawal_hold under `withdrawal:{id}` with the row in the same
// transaction, and operators decide later (operator-decisions.ts).

export function createWithdrawals(
  dependencies: PaymentsDependencies,
  {
    kycStatusOf,
    lastDepositCard,
    withdrawalPolicyOf,
  }: {
    kycStatusOf: (playerId: number) => Promise<KycStatus | null>;
    lastDepositCard: (playerId: number) => Promise<{ last4: string | null } | undefined>;
    withdrawalPolicyOf?: (playerId: number) => Promise<{ dailyLimit: number; reviewHours: number; tier: { name: string } }>;
  },
) {
  const { db, ledger, currency, bonuses } = dependencies;

  async function withdrawalById(id: string): Promise<WithdrawalRow | undefined> {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    return row;
  }

  /**
   * The VIP tier's daily limit (decision 0066): today's requests (UTC), except rejected ones, plus this one. Asked
   * once before anything happens, and again inside the hold's transaction, after the hold locked the player's cash
   * account: two requests at once then take turns, and the second sees the first.
   */
  async function withinDailyLimit(
    executor: Pick<typeof db, 'select'>,
    playerId: number,
    amount: number,
    policy: { dailyLimit: number; tier: { name: string } },
  ) {
    const today = new Date(new Date().toISOString().slice(0, 10));
    const [row] = await executor
      .select({ total: sql<string | number>`coalesce(sum(${withdrawals.amount}), 0)` })
      .from(withdrawals)
      .where(and(eq(withdrawals.playerId, playerId), ne(withdrawals.status, 'rejected'), gte(withdrawals.createdAt, today)));
    const left = Math.max(0, policy.dailyLimit - Number(row?.total ?? 0));
    if (amount > left) {
      throw invalid({
        amount: [
          `As a ${policy.tier.name} member you can withdraw up to ${formatMoney(policy.dailyLimit, currency)} a day; ${formatMoney(left, currency)} is left today.`,
        ],
      });
    }
  }

  return {
    withdrawalById,

    async requestWithdrawal(
      player: PayingPlayer,
      input: { method: string; amount: number; address?: string | null; token?: string | null; forfeit_bonus?: boolean },
      idempotencyKey: string,
    ): Promise<Withdrawal> {
      const id = keyedUuid('withdrawal', String(player.id), idempotencyKey);
      const address = input.address?.trim() || null;
      const requestHash = requestHashOf(['withdrawal', input.method, input.amount, address, ...(input.token ? [input.token] : [])]);
      const existing = await withdrawalById(id);
      if (existing) return toWithdrawal(replayOf(existing, requestHash));
      if ((await kycStatusOf(player.id)) !== 'verified') throw new Problem(400, KYC_MESSAGE, { type: 'kyc' });
      // On-chain withdrawals (docs/decisions/0123): the coin, the checked address and the quote are stored with it.
      const onchain = input.method === 'onchain' && dependencies.onchain?.enabled ? dependencies.onchain : undefined;
      const method = onchain
        ? onchainWithinLimits(onchain.method, input.amount, currency)
        : methodOrFail(dependencies, input.method, 'withdrawal', input.amount).found;
      const prepared = onchain ? await onchain.prepare(input) : undefined;
      let destination: string;
      if (prepared) {
        destination = prepared.destination;
      } else if (method.type === 'crypto') {
        if (!address) throw invalid({ address: ['The address field is required for crypto withdrawals.'] });
        if (!/^[a-zA-Z0-9]{26,90}$/.test(address)) throw invalid({ address: ['The address must be 26 to 90 letters and digits.'] });
        destination = address;
      } else {
        // Closed loop: card withdrawals go back to a card the player deposited with.
        const card = await lastDepositCard(player.id);
        if (!card) throw invalid({ method: ['Card withdrawals go back to the card you deposited with; make a card deposit first or choose crypto.'] });
        destination = card.last4 ? `Card ending ${card.last4}` : 'Card used for deposits';
      }
      const policy = withdrawalPolicyOf ? await withdrawalPolicyOf(player.id) : undefined;
      if (policy) await withinDailyLimit(db, player.id, input.amount, policy);
      const accounts = await ledger.ensurePlayerAccounts(player.id, currency);
      /** Refused for want of money, unless a concurrent request with the same key just made it: then that is the answer. */
      const overdrawn = async (): Promise<Withdrawal> => {
        const made = await withdrawalById(id);
        if (made) return toWithdrawal(replayOf(made, requestHash));
        const fresh = await ledger.ensurePlayerAccounts(player.id, currency);
        throw invalid({ amount: [`The amount may not be greater than your withdrawable balance of ${formatMoney(fresh.cash.balance, currency)}.`] });
      };
      if (input.amount > accounts.cash.balance) return overdrawn();
      // Cash is always withdrawable; an active bonus is forfeited first when the player confirmed it, else a 409.
      await bonuses?.beforeWithdrawal(player.id, input.forfeit_bonus === true);
      try {
        const journal = await ledger.transfer(
          {
            idempotencyKey: `withdrawal:${id}`,
            type: 'withdrawal_hold',
            referenceId: id,
            // The tier's review time this request was made under, for the operators' queue (decision 0066).
            metadata: { method: method.id, ...(policy ? { vip_tier: policy.tier.name, review_within_hours: policy.reviewHours } : {}) },
            entries: [
              { accountId: accounts.cash.id, amount: -input.amount },
              { accountId: accounts.withdrawal_hold.id, amount: input.amount },
            ],
          },
          {
            within: async (tx, journal) => {
              if (policy) await withinDailyLimit(tx, player.id, input.amount, policy);
              const reviewDueAt = policy ? new Date(journal.createdAt.getTime() + policy.reviewHours * 3_600_000) : null;
              await tx.insert(withdrawals).values({
                id,
                playerId: player.id,
                method: method.id,
                amount: input.amount,
                currency,
                destination,
                idempotencyKey,
                requestHash,
                createdAt: journal.createdAt,
                reviewDueAt,
              });
              if (prepared) await onchain!.record(tx, id, prepared);
              await recordPaymentEvent(tx, {
                key: `withdrawal:${id}:created`,
                payment: { withdrawal: id },
                playerId: player.id,
                kind: 'created',
                amount: input.amount,
                currency,
                details: { method: method.id, destination },
              });
            },
          },
        );
        const row = (await withdrawalById(id))!;
        if (!journal.replayed) {
          dependencies.compliance?.withdrawalRequested?.({
            playerId: player.id,
            id,
            amount: input.amount,
            method: method.id,
            destination,
            at: journal.createdAt,
          });
        }
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

/** The on-chain method's limits, with the messages every method's limits use (common.ts methodOrFail). */
function onchainWithinLimits(method: PaymentMethod, amount: number, currency: string): PaymentMethod {
  if (amount < method.withdrawal.min) throw invalid({ amount: [`The amount must be at least ${formatMoney(method.withdrawal.min, currency)}.`] });
  if (amount > method.withdrawal.max) throw invalid({ amount: [`The amount may not be greater than ${formatMoney(method.withdrawal.max, currency)}.`] });
  return method;
}
