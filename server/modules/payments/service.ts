import type { KycStatus } from '../../../contract/accounts.ts';
import type { PaymentsDependencies } from './common.ts';
import { createDeposits } from './deposits.ts';
import { paymentMethods } from './methods.ts';
import { createOperatorDecisions } from './operator-decisions.ts';
import { createPaymentStatements } from './statements.ts';
import { createWithdrawals } from './withdrawals.ts';

// Deposits and withdrawals (docs/decisions/0021-wallet-and-payments.md). Money only moves through the
// ledger, each movement under an idempotency key derived from the deposit or withdrawal it belongs to.
// One file per job (docs/decisions/0028-modules-own-their-tables.md); this facade composes them.

export { type AdminWithdrawal, type PayingPlayer, toDeposit, toWithdrawal } from './common.ts';
export type { PaymentTotals } from './statements.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService({
  kycStatusOf,
  withdrawalPolicyOf,
  ...dependencies
}: PaymentsDependencies & {
  kycStatusOf: (playerId: number) => Promise<KycStatus | null>;
  /** The player's VIP tier's daily withdrawal limit (the clubs module); no limit without it. */
  withdrawalPolicyOf?: (playerId: number) => Promise<{ dailyLimit: number; reviewHours: number; tier: { name: string } }>;
}) {
  const { gateway, currency } = dependencies;
  const deposits = createDeposits(dependencies);
  const withdrawals = createWithdrawals(dependencies, { kycStatusOf, lastDepositCard: deposits.lastDepositCard, withdrawalPolicyOf });
  const decisions = createOperatorDecisions(dependencies, withdrawals);
  const statements = createPaymentStatements(dependencies);
  return {
    methods: () => (gateway ? paymentMethods(currency) : []),
    createDeposit: deposits.createDeposit,
    deposit: deposits.deposit,
    applyGatewayEvent: deposits.applyGatewayEvent,
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
  };
}
