import type { KycStatus } from '../../../contract/accounts.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import { createPaymentsAdmin } from './admin.ts';
import type { DepositRow, PaymentsDependencies } from './common.ts';
import { createDeposits } from './deposits.ts';
import type { PaymentGateway } from './gateways/port.ts';
import { paymentMethods } from './methods.ts';
import { createOperatorDecisions } from './operator-decisions.ts';
import { createReversals } from './reversals.ts';
import { createPaymentStatements } from './statements.ts';
import { createWithdrawals } from './withdrawals.ts';

// Deposits and withdrawals (docs/decisions/0021-wallet-and-payments.md). Money only moves through the
// ledger, each movement under an idempotency key derived from the deposit or withdrawal it belongs to; providers
// are adapters behind the PaymentGateway port (docs/decisions/0104). One file per job
// (docs/decisions/0028-modules-own-their-tables.md); this facade composes them.

export { type AdminWithdrawal, type PayingPlayer, toDeposit, toWithdrawal } from './common.ts';
export type { PaymentTotals } from './statements.ts';

const REFUND_EXCEEDS_BALANCE = "The player's balance is less than the refund; a refund may only return money the player still holds.";

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** Staff's refund or chargeback: who, why, and the audit row written in the same transaction. */
export type StaffReversal = {
  staffId: number;
  reason: string;
  onReversed?: (tx: Database, outcome: { before: DepositRow; shortfall: number }) => Promise<void>;
};

export function createPaymentsService({
  kycStatusOf,
  withdrawalPolicyOf,
  ...dependencies
}: PaymentsDependencies & {
  kycStatusOf: (playerId: number) => Promise<KycStatus | null>;
  /** The player's VIP tier's daily withdrawal limit (the clubs module); no limit without it. */
  withdrawalPolicyOf?: (playerId: number) => Promise<{ dailyLimit: number; reviewHours: number; tier: { name: string } }>;
}) {
  const { gateways, currency, ledger } = dependencies;
  const reversals = createReversals(dependencies);
  const deposits = createDeposits(dependencies, reversals);
  const withdrawals = createWithdrawals(dependencies, { kycStatusOf, lastDepositCard: deposits.lastDepositCard, withdrawalPolicyOf });
  const decisions = createOperatorDecisions(dependencies, withdrawals);
  const statements = createPaymentStatements(dependencies);
  const admin = createPaymentsAdmin(dependencies, reversals);

  /** A notification body that `gateway` already verified came from it: parsed by its adapter, then applied. */
  async function applyNotificationBody(gateway: PaymentGateway, body: unknown) {
    const parsed = gateway.parseNotification(body);
    if ('errors' in parsed) return parsed;
    return deposits.applyNotification(gateway, parsed.notification);
  }

  /** The deposit staff want to take back, its gateway, and what is left of it; 404 or 409 when there is none. */
  async function reversible(depositId: string) {
    const row = await deposits.depositById(depositId);
    if (!row) throw new Problem(404, 'No deposit with that id.');
    const left = row.amount - row.reversedAmount;
    const why = reversals.refusal(row, left);
    return { row, left, why };
  }

  return {
    methods: (country?: string | null) => paymentMethods(gateways, currency, country),
    createDeposit: deposits.createDeposit,
    /** An on-chain transfer the chain watcher confirmed, credited once (docs/decisions/0109). */
    creditOnChain: deposits.creditOnChain,
    deposit: deposits.deposit,
    applyNotificationBody,
    /** A sandbox gateway event that is already verified (tests and tools that play the sandbox). */
    async applyGatewayEvent(event: unknown) {
      const sandbox = gateways.byId('sandbox');
      if (!sandbox) throw new Problem(404, 'The sandbox gateway is off.');
      const applied = await applyNotificationBody(sandbox, event);
      if ('errors' in applied) throw new Problem(422, 'The event is invalid.', { errors: applied.errors });
      return applied;
    },
    requestWithdrawal: withdrawals.requestWithdrawal,
    approveWithdrawal: decisions.approveWithdrawal,
    rejectWithdrawal: decisions.rejectWithdrawal,
    withdrawalsForOperators: decisions.withdrawalsForOperators,
    withdrawalForOperators: decisions.withdrawalForOperators,
    pendingWithdrawalsOf: withdrawals.pendingWithdrawalsOf,
    /** The wallet summary's payment figures (pending withdrawals, net deposits, whether the player deposited). */
    totals: statements.totals,
    totalsRow: statements.totalsRow,
    /** The player's deposits and withdrawals as wallet history rows (an SQL relation the wallet unites and pages). */
    historyRows: statements.historyRows,
    /** Deposit methods and lifetime net deposits per player (the withdrawals queue's risk hints). */
    riskFigures: statements.riskFigures,
    /** What the player owes from chargebacks (docs/decisions/0104). */
    owed: (playerId: number) => reversals.owed(playerId, currency),
    searchPayments: admin.search,
    paymentDetail: admin.payment,

    /**
     * Staff refund what is left of a completed deposit through its gateway. Repeated on a refunded deposit it
     * changes nothing; 409 when the deposit is in another state, or the player's balance no longer holds the money.
     */
    async refundDeposit(depositId: string, staff: StaffReversal) {
      const { row, left, why } = await reversible(depositId);
      if (row.status === 'refunded') return { deposit: row, applied: false, shortfall: 0 };
      if (why) throw new Problem(409, why);
      const accounts = await ledger.ensurePlayerAccounts(row.playerId, row.currency);
      // Asked before the provider is: once it refunded, the refund is posted whatever happened to the balance since.
      if (accounts.cash.balance < left) throw new Problem(409, REFUND_EXCEEDS_BALANCE);
      const gateway = deposits.gatewayOf(row);
      if (!gateway) throw new Problem(409, "This deposit's payment gateway is off, so it cannot be refunded from here.");
      const { providerReference } = await gateway.refund({
        depositId: row.id,
        providerReference: row.gatewayReference,
        amount: left,
        currency: row.currency,
        reason: staff.reason,
        idempotencyKey: `refund:${row.id}:${row.reversedAmount}`,
      });
      return reversals.reverse({
        depositId: row.id,
        kind: 'refunded',
        providerReference,
        amount: left,
        gateway: gateway.id,
        staffId: staff.staffId,
        reason: staff.reason,
        onReversed: staff.onReversed,
      });
    },

    /**
     * Staff record a chargeback the provider reported outside its notifications (its dashboard, an e-mail), for what
     * is left of the deposit: once per deposit; may leave the player owing (docs/decisions/0104).
     */
    async chargebackDeposit(depositId: string, staff: StaffReversal) {
      const { row, left, why } = await reversible(depositId);
      const key = `staff:${row.id}`;
      if (row.status === 'charged_back' || (why && row.status !== 'completed')) {
        // A repeat of this very action changes nothing; any other state refuses it.
        const detail = await admin.payment('deposit', row.id);
        if (detail?.history.some((event) => event.kind === 'charged_back' && event.providerReference === key))
          return { deposit: row, applied: false, shortfall: 0 };
      }
      if (why) throw new Problem(409, why);
      return reversals.reverse({
        depositId: row.id,
        kind: 'charged_back',
        providerReference: key,
        amount: left,
        gateway: deposits.gatewayOf(row)?.id ?? null,
        staffId: staff.staffId,
        reason: staff.reason,
        onReversed: staff.onReversed,
      });
    },
  };
}
