import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Deposit, PaymentMethod } from '../../../contract/wallet.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { replayOf, requestHashOf } from '../shared/idempotency.ts';
import { type DepositRow, limitReference, methodOrFail, type PayingPlayer, type PaymentsDependencies, toDeposit } from './common.ts';
import { recordPaymentEvent } from './events.ts';
import type { GatewayNotification, PaymentGateway } from './gateways/port.ts';
import { cardMethodIds } from './methods.ts';
import type { createReversals } from './reversals.ts';
import { depositAddresses, deposits } from './schema.ts';

// Deposits (docs/decisions/0021-wallet-and-payments.md): a deposit row per Idempotency-Key, a checkout at the
// method's gateway (the PaymentGateway port, docs/decisions/0104) for it, and the ledger credit (`deposit:{id}`)
// when the gateway's notification says it was paid.

export function createDeposits(dependencies: PaymentsDependencies, reversals: ReturnType<typeof createReversals>) {
  const { db, ledger, gateways, currency, bonuses, depositLimits } = dependencies;

  async function depositAddress(playerId: number, gateway: PaymentGateway): Promise<string> {
    const [existing] = await db.select().from(depositAddresses).where(eq(depositAddresses.playerId, playerId));
    if (existing) return existing.address;
    if (!gateway.depositAddress) throw new Error(`The ${gateway.id} gateway offers a crypto method but gives no deposit address`);
    await db
      .insert(depositAddresses)
      .values({ playerId, address: await gateway.depositAddress(playerId) })
      .onConflictDoNothing();
    const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.playerId, playerId));
    return row!.address;
  }

  /** Opens the gateway checkout for a deposit; safe to repeat (the gateway keys checkouts by our reference). */
  async function ensureCheckout(row: DepositRow, gateway: PaymentGateway, method: PaymentMethod): Promise<DepositRow> {
    if (row.gatewayReference) return row;
    const started = await gateway.startDeposit({
      depositId: row.id,
      method,
      amount: row.amount,
      currency: row.currency,
      returnUrl: `/deposit?deposit=${row.id}`,
      address: row.address,
    });
    const [updated] = await db
      .update(deposits)
      .set({ gatewayReference: started.providerReference, redirectUrl: started.redirectUrl, updatedAt: new Date() })
      .where(eq(deposits.id, row.id))
      .returning();
    return updated!;
  }

  /** The gateway a stored deposit went through (by its method), if that gateway is still on. */
  const gatewayOf = (row: Pick<DepositRow, 'method' | 'currency'>) => gateways.forMethod(row.currency, row.method)?.gateway;

  async function depositById(id: string): Promise<DepositRow | undefined> {
    const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
    return row;
  }

  async function declined(row: DepositRow, notification: GatewayNotification): Promise<DepositRow> {
    await db
      .update(deposits)
      .set({ status: 'declined', failureMessage: notification.failureMessage ?? 'The payment was declined.', updatedAt: new Date() })
      .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
    const after = (await depositById(row.id))!;
    if (after.status === 'declined') await depositLimits?.releaseDeposit(limitReference(row.playerId, row.idempotencyKey));
    return after;
  }

  /** Success credits the deposit exactly once (ledger key `deposit:{id}`) and wins over any failure, in whatever order. */
  async function completed(row: DepositRow, notification: GatewayNotification): Promise<{ row: DepositRow; credited: boolean }> {
    const accounts = await ledger.ensurePlayerAccounts(row.playerId, row.currency);
    const clearing = await ledger.houseAccount('payment_clearing', row.currency);
    // Only a deposit not yet completed becomes completed; a refunded or charged-back one stays so.
    const markCompleted = (executor: Pick<Database, 'update'>) =>
      executor
        .update(deposits)
        .set({ status: 'completed', completedAt: new Date(), failureMessage: null, cardLast4: notification.cardLast4 ?? row.cardLast4, updatedAt: new Date() })
        .where(and(eq(deposits.id, row.id), inArray(deposits.status, ['pending', 'declined'])));
    const journal = await ledger.transfer(
      {
        idempotencyKey: `deposit:${row.id}`,
        type: 'deposit',
        referenceId: row.id,
        metadata: { method: row.method, gateway_event: notification.id },
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
    // What the player owes from a chargeback is repaid first (its own journal, once per deposit).
    await reversals.repayDebt(row);
    return { row: (await depositById(row.id))!, credited: !journal.replayed };
  }

  return {
    async createDeposit(player: PayingPlayer, input: { method: string; amount: number; bonusId?: string | null }, idempotencyKey: string): Promise<Deposit> {
      const { found: method, gateway } = methodOrFail(dependencies, input.method, 'deposit', input.amount);
      const bonusId = input.bonusId ?? null;
      const requestHash = requestHashOf(['deposit', method.id, input.amount, bonusId]);
      await depositLimits?.reserveDeposit({ playerId: player.id, amount: input.amount, reference: limitReference(player.id, idempotencyKey) });
      const address = method.type === 'crypto' ? await depositAddress(player.id, gateway) : null;
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
      const started = await ensureCheckout(row, gateway, method);
      await recordPaymentEvent(db, {
        key: `deposit:${row.id}:created`,
        payment: { deposit: row.id },
        playerId: row.playerId,
        kind: 'created',
        gateway: gateway.id,
        providerReference: started.gatewayReference,
        amount: row.amount,
        currency: row.currency,
        details: { method: method.id },
      });
      return toDeposit(started, gateways);
    },

    async deposit(playerId: number, id: string): Promise<Deposit | null> {
      const [row] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, id), eq(deposits.playerId, playerId)));
      return row ? toDeposit(row, gateways) : null;
    },

    depositById,
    gatewayOf,

    /**
     * A verified, parsed notification from `gateway`, recorded once in the deposit's history. A payment's outcome
     * completes or declines it; a refund, chargeback or reversal takes (part of) it back, once per provider reference.
     */
    async applyNotification(gateway: PaymentGateway, notification: GatewayNotification): Promise<{ deposit: Deposit; credited: boolean }> {
      const row = await depositById(notification.reference);
      if (!row) throw new Problem(404, 'No deposit with that reference.');
      const takesBack = notification.kind === 'refunded' || notification.kind === 'charged_back' || notification.kind === 'reversed';
      if (notification.currency !== row.currency || (takesBack ? notification.amount > row.amount : notification.amount !== row.amount)) {
        throw new Problem(422, 'The event amount or currency does not match the deposit.');
      }
      const event = {
        payment: { deposit: row.id },
        playerId: row.playerId,
        gateway: gateway.id,
        providerReference: notification.providerReference,
        amount: notification.amount,
        currency: notification.currency,
        details: notification.details,
      };
      if (takesBack) {
        const kind = notification.kind as 'refunded' | 'charged_back' | 'reversed';
        const { deposit } = await reversals.reverse({
          depositId: row.id,
          kind,
          providerReference: notification.providerReference,
          amount: notification.amount,
          gateway: gateway.id,
          details: { ...notification.details, notification: notification.id },
        });
        return { deposit: toDeposit(deposit, gateways), credited: false };
      }
      await recordPaymentEvent(db, { ...event, key: `notification:${gateway.id}:${notification.id}`, kind: notification.kind });
      if (notification.kind === 'authorised') return { deposit: toDeposit(row, gateways), credited: false };
      if (notification.kind === 'declined') return { deposit: toDeposit(await declined(row, notification), gateways), credited: false };
      const outcome = await completed(row, notification);
      return { deposit: toDeposit(outcome.row, gateways), credited: outcome.credited };
    },

    /**
     * An on-chain transfer the chain watcher confirmed (docs/decisions/0109): its deposit row, made once per transfer
     * (`transferKey`: chain id, transaction hash and log index), credited once like any completed deposit.
     */
    async creditOnChain(input: {
      playerId: number;
      transferKey: string;
      method: string;
      gateway: string;
      amount: number;
      address: string;
      txHash: string;
      details: Record<string, unknown>;
    }): Promise<{ row: DepositRow; credited: boolean }> {
      const requestHash = requestHashOf(['onchain', input.transferKey, input.amount]);
      await db
        .insert(deposits)
        .values({
          playerId: input.playerId,
          method: input.method,
          amount: input.amount,
          currency,
          idempotencyKey: input.transferKey,
          requestHash,
          address: input.address,
          gatewayReference: input.txHash,
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.playerId, input.playerId), eq(deposits.idempotencyKey, input.transferKey)));
      if (!row) throw new Error('On-chain deposit row conflicted but is not visible');
      const event = {
        payment: { deposit: row.id },
        playerId: row.playerId,
        gateway: input.gateway,
        providerReference: input.txHash,
        amount: row.amount,
        currency: row.currency,
      };
      await recordPaymentEvent(db, { ...event, key: `deposit:${row.id}:created`, kind: 'created', details: { method: input.method } });
      await recordPaymentEvent(db, { ...event, key: `notification:${input.gateway}:${input.transferKey}`, kind: 'completed', details: input.details });
      return completed(row, {
        id: input.transferKey,
        kind: 'completed',
        reference: row.id,
        providerReference: input.txHash,
        amount: row.amount,
        currency: row.currency,
        details: input.details,
      });
    },

    /** The card of the player's latest completed card deposit (withdrawals go back to it); undefined when none. */
    async lastDepositCard(playerId: number): Promise<{ last4: string | null } | undefined> {
      const cards = cardMethodIds(gateways, currency);
      if (cards.length === 0) return undefined;
      const [card] = await db
        .select({ last4: deposits.cardLast4 })
        .from(deposits)
        .where(and(eq(deposits.playerId, playerId), inArray(deposits.method, cards), eq(deposits.status, 'completed')))
        .orderBy(desc(deposits.completedAt))
        .limit(1);
      return card;
    },
  };
}
