import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Deposit } from '../../../contract/wallet.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { GatewayEvent } from '../sandbox-gateway/event.ts';
import type { SandboxGateway } from '../sandbox-gateway/service.ts';
import { replayOf, requestHashOf } from '../shared/idempotency.ts';
import { type DepositRow, limitReference, methodOrFail, type PayingPlayer, type PaymentsDependencies, toDeposit } from './common.ts';
import { depositAddresses, deposits } from './schema.ts';

// Deposits (docs/decisions/0021-wallet-and-payments.md): a deposit row per Idempotency-Key, a gateway checkout
// for it, and the ledger credit (`deposit:{id}`) when the gateway says it was paid.

export function createDeposits(dependencies: PaymentsDependencies) {
  const { db, ledger, gateway, currency, bonuses, depositLimits } = dependencies;

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

  return {
    async createDeposit(player: PayingPlayer, input: { method: string; amount: number; bonusId?: string | null }, idempotencyKey: string): Promise<Deposit> {
      const { found: method, gateway: checkoutGateway } = methodOrFail(dependencies, input.method, 'deposit', input.amount);
      const bonusId = input.bonusId ?? null;
      const requestHash = requestHashOf(['deposit', method.id, input.amount, bonusId]);
      await depositLimits?.reserveDeposit({ playerId: player.id, amount: input.amount, reference: limitReference(player.id, idempotencyKey) });
      const address = method.type === 'crypto' ? await depositAddress(player.id) : null;
      const [inserted] = await db
        .insert(deposits)
        .values({ playerId: player.id, method: method.id, amount: input.amount, currency, bonusId, idempotencyKey, requestHash, address })
        .onConflictDoNothing()
        .returning();
      let row = inserted;
      if (!row) {
        const [earlier] = await db
          .select()
          .from(deposits)
          .where(and(eq(deposits.playerId, player.id), eq(deposits.idempotencyKey, idempotencyKey)));
        row = replayOf(earlier, requestHash, () => new Error('Deposit idempotency key conflicted but its row is not visible'));
      }
      // `bonusId` claims the offer (pending until this or the next qualifying deposit is paid); a refusal is a 400
      // `type: bonus` and no checkout is opened, so the player chooses again.
      if (bonusId && bonuses) {
        try {
          await bonuses.claim(player.id, bonusId, `deposit:${row.id}`, { id: row.id, amount: row.amount });
        } catch (error) {
          if (inserted) await db.delete(deposits).where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
          throw error;
        }
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
        if (after?.status === 'declined') await depositLimits?.releaseDeposit(limitReference(row.playerId, row.idempotencyKey));
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
      else {
        await depositLimits?.depositCredited({ playerId: row.playerId, amount: row.amount, reference: limitReference(row.playerId, row.idempotencyKey) });
        // The player's pending deposit bonus activates on a qualifying deposit (its own journal, keyed by the bonus).
        await bonuses?.depositCompleted(row.playerId, row.id, row.amount);
      }
      const [after] = await db.select().from(deposits).where(eq(deposits.id, row.id));
      return { deposit: toDeposit(after!, gateway), credited: !journal.replayed };
    },

    /** The card of the player's latest completed card deposit (withdrawals go back to it); undefined when none. */
    async lastDepositCard(playerId: number): Promise<{ last4: string | null } | undefined> {
      const [card] = await db
        .select({ last4: deposits.cardLast4 })
        .from(deposits)
        .where(and(eq(deposits.playerId, playerId), eq(deposits.method, 'sandbox-card'), eq(deposits.status, 'completed')))
        .orderBy(desc(deposits.completedAt))
        .limit(1);
      return card;
    },
  };
}
