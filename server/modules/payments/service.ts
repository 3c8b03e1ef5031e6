import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { KycStatus } from '../../../contract/accounts.ts';
import { KYC_MESSAGE, type Deposit, type PaymentMethod, type PaymentMethodId, type Withdrawal, type WithdrawalStatus } from '../../../contract/wallet.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import { IdempotencyConflict, InsufficientFunds, type LedgerService } from '../ledger/service.ts';
import type { GatewayEvent } from '../sandbox-gateway/event.ts';
import type { SandboxGateway } from '../sandbox-gateway/service.ts';
import { findMethod, paymentMethods } from './methods.ts';
import { depositAddresses, deposits, withdrawals } from './schema.ts';

// Deposits and withdrawals (docs/decisions/0021-wallet-and-payments.md). Money only moves through the
// ledger, each movement under an idempotency key derived from the deposit or withdrawal it belongs to.

type DepositRow = typeof deposits.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;
export type PayingPlayer = { id: number; active: boolean; blocked: boolean };

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A UUID fixed by its inputs, so a withdrawal's id is known before the transaction that creates it. */
function keyedUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const conflict = () => new Problem(409, 'This Idempotency-Key was already used with a different request.', { type: 'idempotency' });

function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2 }).format(minor / 100);
}

export function toDeposit(row: DepositRow, gateway: Pick<SandboxGateway, 'cryptoConfirmUrl' | 'confirmSignature'> | undefined): Deposit {
  // Only a pending sandbox crypto deposit can still be confirmed, and only while the sandbox exists.
  const checkout =
    gateway && row.method === 'sandbox-crypto' && row.gatewayReference && row.status === 'pending' ? { gateway, id: row.gatewayReference } : null;
  return {
    id: row.id,
    method: row.method as PaymentMethodId,
    status: row.status as Deposit['status'],
    amount: row.amount,
    currency: row.currency,
    redirect_url: row.redirectUrl,
    address: row.address,
    sandbox_confirm_url: checkout ? checkout.gateway.cryptoConfirmUrl(checkout.id) : null,
    sandbox_confirm_signature: checkout ? checkout.gateway.confirmSignature(checkout.id) : null,
    bonus_id: row.bonusId,
    failure_message: row.failureMessage,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    method: row.method as PaymentMethodId,
    status: row.status as WithdrawalStatus,
    amount: row.amount,
    currency: row.currency,
    destination: row.destination,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export type AdminWithdrawal = Withdrawal & { player_id: string };

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService({
  db,
  ledger,
  gateway,
  currency,
  kycStatusOf,
}: {
  db: Database;
  ledger: LedgerService;
  /** Absent when the sandbox is off: then no method is offered (docs/decisions/0022). */
  gateway: SandboxGateway | undefined;
  currency: string;
  kycStatusOf: (playerId: number) => Promise<KycStatus | null>;
}) {
  function methodOrFail(method: string, direction: 'deposit' | 'withdrawal', amount: number): { found: PaymentMethod; gateway: SandboxGateway } {
    const found = gateway && findMethod(currency, method);
    if (!gateway || !found) throw invalid({ method: ['The selected method is invalid.'] });
    const limits = found[direction];
    if (amount < limits.min) throw invalid({ amount: [`The amount must be at least ${formatAmount(limits.min, currency)}.`] });
    if (amount > limits.max) throw invalid({ amount: [`The amount may not be greater than ${formatAmount(limits.max, currency)}.`] });
    return { found, gateway };
  }

  async function depositAddress(playerId: number): Promise<string> {
    const [existing] = await db.select().from(depositAddresses).where(eq(depositAddresses.playerId, playerId));
    if (existing) return existing.address;
    // Sandbox addresses look like bech32 ones but belong to no real network.
    const address = `sbx1q${randomBytes(20).toString('hex')}`;
    await db.insert(depositAddresses).values({ playerId, address }).onConflictDoNothing();
    const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.playerId, playerId));
    return row!.address;
  }

  /** Opens the gateway checkout for a deposit; safe to repeat (the gateway keys checkouts by our reference). */
  async function ensureCheckout(row: DepositRow, gateway: SandboxGateway): Promise<DepositRow> {
    if (row.gatewayReference) return row;
    const isCard = row.method === 'sandbox-card';
    const checkout = await gateway.createCheckout({
      kind: isCard ? 'card' : 'crypto',
      reference: row.id,
      amount: row.amount,
      currency: row.currency,
      returnUrl: `/deposit?deposit=${row.id}`,
      address: row.address ?? undefined,
    });
    const [updated] = await db
      .update(deposits)
      .set({ gatewayReference: checkout.id, redirectUrl: isCard ? gateway.checkoutUrl(checkout.id) : null, updatedAt: new Date() })
      .where(eq(deposits.id, row.id))
      .returning();
    return updated!;
  }

  async function withdrawalById(id: string): Promise<WithdrawalRow | undefined> {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    return row;
  }

  async function decide(id: string, operatorId: number, decision: 'paid' | 'rejected', note: string | null): Promise<AdminWithdrawal> {
    const withdrawal = await withdrawalById(id);
    if (!withdrawal) throw new Problem(404, 'No withdrawal with that id.');
    if (withdrawal.status !== 'pending') {
      if (withdrawal.status === decision) return { ...toWithdrawal(withdrawal), player_id: String(withdrawal.playerId) };
      throw new Problem(409, `This withdrawal was already ${withdrawal.status}.`);
    }
    const accounts = await ledger.ensurePlayerAccounts(withdrawal.playerId, withdrawal.currency);
    const target = decision === 'paid' ? (await ledger.houseAccount('payment_clearing', withdrawal.currency)).id : accounts.cash.id;
    try {
      await ledger.transfer(
        {
          // One key for both decisions: whichever comes first wins, the other conflicts.
          idempotencyKey: `withdrawal-decision:${id}`,
          type: decision === 'paid' ? 'withdrawal' : 'withdrawal_release',
          referenceId: id,
          metadata: { operator_id: operatorId },
          entries: [
            { accountId: accounts.withdrawal_hold.id, amount: -withdrawal.amount },
            { accountId: target, amount: withdrawal.amount },
          ],
        },
        {
          within: async (tx) => {
            const changed = await tx
              .update(withdrawals)
              .set({ status: decision, decidedBy: operatorId, decidedAt: new Date(), decisionNote: note })
              .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
              .returning({ id: withdrawals.id });
            if (changed.length !== 1) throw new IdempotencyConflict(`withdrawal-decision:${id}`);
          },
        },
      );
    } catch (error) {
      if (!(error instanceof IdempotencyConflict)) throw error;
    }
    const after = (await withdrawalById(id))!;
    if (after.status !== decision) throw new Problem(409, `This withdrawal was already ${after.status}.`);
    return { ...toWithdrawal(after), player_id: String(after.playerId) };
  }

  return {
    methods: () => (gateway ? paymentMethods(currency) : []),

    async createDeposit(player: PayingPlayer, input: { method: string; amount: number; bonusId?: string | null }, idempotencyKey: string): Promise<Deposit> {
      const { found: method, gateway: checkoutGateway } = methodOrFail(input.method, 'deposit', input.amount);
      const bonusId = input.bonusId ?? null;
      const requestHash = hashOf(['deposit', method.id, input.amount, bonusId]);
      const address = method.type === 'crypto' ? await depositAddress(player.id) : null;
      const [inserted] = await db
        .insert(deposits)
        .values({ playerId: player.id, method: method.id, amount: input.amount, currency, bonusId, idempotencyKey, requestHash, address })
        .onConflictDoNothing()
        .returning();
      let row = inserted;
      if (!row) {
        [row] = await db
          .select()
          .from(deposits)
          .where(and(eq(deposits.playerId, player.id), eq(deposits.idempotencyKey, idempotencyKey)));
        if (!row) throw new Error('Deposit idempotency key conflicted but its row is not visible');
        if (row.requestHash !== requestHash) throw conflict();
      }
      return toDeposit(await ensureCheckout(row, checkoutGateway), checkoutGateway);
    },

    async deposit(playerId: number, id: string): Promise<Deposit | null> {
      const [row] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, id), eq(deposits.playerId, playerId)));
      return row ? toDeposit(row, gateway) : null;
    },

    /**
     * A verified gateway event. Success credits the deposit exactly once (ledger key `deposit:{id}`) and wins over
     * any failure, whatever order they arrive in; a failure only marks a still-pending deposit declined.
     */
    async applyGatewayEvent(event: GatewayEvent): Promise<{ deposit: Deposit; credited: boolean }> {
      const [row] = await db.select().from(deposits).where(eq(deposits.id, event.data.reference));
      if (!row) throw new Problem(404, 'No deposit with that reference.');
      if (event.data.amount !== row.amount || event.data.currency !== row.currency) {
        throw new Problem(422, 'The event amount or currency does not match the deposit.');
      }
      if (event.type === 'payment.failed') {
        await db
          .update(deposits)
          .set({ status: 'declined', failureMessage: event.data.failure_message ?? 'The payment was declined.', updatedAt: new Date() })
          .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
        const [after] = await db.select().from(deposits).where(eq(deposits.id, row.id));
        return { deposit: toDeposit(after!, gateway), credited: false };
      }
      const accounts = await ledger.ensurePlayerAccounts(row.playerId, row.currency);
      const clearing = await ledger.houseAccount('payment_clearing', row.currency);
      const markCompleted = (executor: Pick<Database, 'update'>) =>
        executor
          .update(deposits)
          .set({ status: 'completed', completedAt: new Date(), failureMessage: null, cardLast4: event.data.card_last4 ?? row.cardLast4, updatedAt: new Date() })
          .where(and(eq(deposits.id, row.id), ne(deposits.status, 'completed')));
      const journal = await ledger.transfer(
        {
          idempotencyKey: `deposit:${row.id}`,
          type: 'deposit',
          referenceId: row.id,
          metadata: { method: row.method, gateway_event: event.id },
          entries: [
            { accountId: clearing.id, amount: -row.amount },
            { accountId: accounts.cash.id, amount: row.amount },
          ],
        },
        { within: async (tx) => void (await markCompleted(tx)) },
      );
      // A replay after a crash between the credit and this row is harmless: the row catches up.
      if (journal.replayed) await markCompleted(db);
      const [after] = await db.select().from(deposits).where(eq(deposits.id, row.id));
      return { deposit: toDeposit(after!, gateway), credited: !journal.replayed };
    },

    async requestWithdrawal(
      player: PayingPlayer,
      input: { method: string; amount: number; address?: string | null },
      idempotencyKey: string,
    ): Promise<Withdrawal> {
      const id = keyedUuid('withdrawal', String(player.id), idempotencyKey);
      const address = input.address?.trim() || null;
      const requestHash = hashOf(['withdrawal', input.method, input.amount, address]);
      const existing = await withdrawalById(id);
      if (existing) {
        if (existing.requestHash !== requestHash) throw conflict();
        return toWithdrawal(existing);
      }
      if ((await kycStatusOf(player.id)) !== 'verified') throw new Problem(400, KYC_MESSAGE, { type: 'kyc' });
      const method = methodOrFail(input.method, 'withdrawal', input.amount).found;
      let destination: string;
      if (method.type === 'crypto') {
        if (!address) throw invalid({ address: ['The address field is required for crypto withdrawals.'] });
        if (!/^[a-zA-Z0-9]{26,90}$/.test(address)) throw invalid({ address: ['The address must be 26 to 90 letters and digits.'] });
        destination = address;
      } else {
        // Closed loop: card withdrawals go back to a card the player deposited with.
        const [card] = await db
          .select({ last4: deposits.cardLast4 })
          .from(deposits)
          .where(and(eq(deposits.playerId, player.id), eq(deposits.method, 'sandbox-card'), eq(deposits.status, 'completed')))
          .orderBy(desc(deposits.completedAt))
          .limit(1);
        if (!card) throw invalid({ method: ['Card withdrawals go back to the card you deposited with; make a card deposit first or choose crypto.'] });
        destination = card.last4 ? `Card ending ${card.last4}` : 'Card used for deposits';
      }
      const accounts = await ledger.ensurePlayerAccounts(player.id, currency);
      /** Refused for want of money, unless a concurrent request with the same key just made it: then that is the answer. */
      const overdrawn = async (): Promise<Withdrawal> => {
        const made = await withdrawalById(id);
        if (made) {
          if (made.requestHash !== requestHash) throw conflict();
          return toWithdrawal(made);
        }
        const fresh = await ledger.ensurePlayerAccounts(player.id, currency);
        throw invalid({ amount: [`The amount may not be greater than your withdrawable balance of ${formatAmount(fresh.cash.balance, currency)}.`] });
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
        if (journal.replayed && row.requestHash !== requestHash) throw conflict();
        return toWithdrawal(row);
      } catch (error) {
        if (error instanceof InsufficientFunds) return overdrawn();
        if (error instanceof IdempotencyConflict) throw conflict();
        throw error;
      }
    },

    approveWithdrawal: (id: string, operatorId: number) => decide(id, operatorId, 'paid', null),
    rejectWithdrawal: (id: string, operatorId: number, note: string | null) => decide(id, operatorId, 'rejected', note),

    async withdrawalsForOperators(status: WithdrawalStatus | undefined, limit = 100): Promise<AdminWithdrawal[]> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(status ? eq(withdrawals.status, status) : undefined)
        .orderBy(desc(withdrawals.createdAt))
        .limit(limit);
      return rows.map((row) => ({ ...toWithdrawal(row), player_id: String(row.playerId) }));
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
