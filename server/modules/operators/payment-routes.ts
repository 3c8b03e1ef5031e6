import {
  type AdminPayment,
  type AdminPaymentDetail,
  PAYMENTS_PER_PAGE,
  type PaymentEventKind,
  type PaymentStatus,
  paymentsAdminEndpoints as endpoints,
} from '../../../contract/payments-admin.ts';
import type { Database } from '../../db/client.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { PaymentListRow } from '../payments/admin.ts';
import { pageMeta } from '../shared/pagination.ts';

// The Payments screen's API (docs/decisions/0104): find deposits and withdrawals, read one's full history, and
// refund or charge back a deposit (payments.manage: a reason, an audit row in the same transaction, idempotent).

export async function paymentRoutes(app: EndpointApp, { services }: { services: Services }) {
  const { payments, accounts, operators } = services;

  /** Names and e-mails instead of ids (issue 32). */
  async function withPlayers(rows: PaymentListRow[]): Promise<AdminPayment[]> {
    const ids = [...new Set(rows.map((row) => row.playerId))];
    const found = ids.length ? await accounts.searchPlayers({ onlyIds: ids }, ids.length) : [];
    const byId = new Map(found.map((player) => [Number(player.id), player]));
    return rows.map((row) => {
      const player = byId.get(row.playerId);
      return {
        id: row.id,
        kind: row.kind,
        player: { id: String(row.playerId), name: player?.name ?? '', email: player?.email ?? '' },
        amount: row.amount,
        reversed_amount: row.reversedAmount,
        currency: row.currency,
        status: row.status as PaymentStatus,
        method: row.method,
        reference: row.reference,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  async function detail(kind: 'deposit' | 'withdrawal', id: string, permissions: readonly string[]): Promise<AdminPaymentDetail> {
    const found = await payments.paymentDetail(kind, id);
    if (!found) throw new Problem(404, `No ${kind} with that id.`);
    const [row] = await withPlayers([found.payment]);
    const staffIds = new Set(found.history.map((event) => event.staffId).filter((staffId): staffId is number => staffId !== null));
    const staff = staffIds.size ? new Map((await operators.staff.list()).map((member) => [Number(member.id), member.email])) : new Map<number, string>();
    const left = kind === 'deposit' && found.payment.status === 'completed' ? found.payment.amount - found.payment.reversedAmount : 0;
    const manage = permissions.includes('payments.manage');
    return {
      ...row!,
      history: found.history.map((event) => ({
        id: String(event.id),
        kind: event.kind as PaymentEventKind,
        at: event.createdAt.toISOString(),
        amount: event.amount,
        currency: event.currency,
        gateway: event.gateway,
        provider_reference: event.providerReference,
        details: event.details,
        staff: event.staffId === null ? null : { id: String(event.staffId), email: staff.get(event.staffId) ?? `staff ${event.staffId}` },
        reason: event.reason,
      })),
      player_owes: found.owed,
      actions: { refund: manage && left > 0, chargeback: manage && left > 0 },
      reversible_amount: left,
    };
  }

  route(app, endpoints.list, async ({ query }) => {
    const { q, reference, kind, status, method, from, to } = query;
    const page = Number(query.page ?? 1);
    const perPage = Number(query.per_page ?? PAYMENTS_PER_PAGE);
    // A player filter goes through the accounts module, which owns names and e-mails.
    const playerIds = q ? (await accounts.searchPlayers({ q }, 1000)).map((player) => Number(player.id)) : undefined;
    const { rows, total } = await payments.searchPayments({ kind, playerIds, reference, status, method, from, to, page, perPage });
    return { data: await withPlayers(rows), meta: pageMeta({ page, perPage }, total) };
  });

  for (const kind of ['deposit', 'withdrawal'] as const) {
    route(app, endpoints[kind], async ({ staff, params }) => {
      const data = await detail(kind, params.id, staff.permissions);
      // Players' payments are personal data: reading one is audited like a player page.
      await operators.audit.record({
        staffId: staff.id,
        action: 'payments.view',
        playerId: Number(data.player.id),
        subject: `${kind}:${data.id}`,
      });
      return { data };
    });
  }

  for (const action of ['refund', 'chargeback'] as const) {
    route(app, endpoints[action], async ({ staff: operator, params, body: { reason } }) => {
      const onReversed = (tx: Database, outcome: { before: { id: string; playerId: number; amount: number; reversedAmount: number }; shortfall: number }) =>
        operators.audit.record(
          {
            staffId: operator.id,
            action: `payments.${action}`,
            playerId: outcome.before.playerId,
            subject: `deposit:${outcome.before.id}`,
            before: { reversed_amount: outcome.before.reversedAmount },
            after: { amount: outcome.before.amount - outcome.before.reversedAmount, player_owes_added: outcome.shortfall, reason },
          },
          tx,
        );
      const staff = { staffId: operator.id, reason, onReversed };
      const { deposit } = action === 'refund' ? await payments.refundDeposit(params.id, staff) : await payments.chargebackDeposit(params.id, staff);
      return { data: await detail('deposit', deposit.id, operator.permissions) };
    });
  }
}
