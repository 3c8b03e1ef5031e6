import { moneyEndpoints as endpoints, type WithdrawalRisk } from '../../../contract/operators.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { AdminWithdrawal } from '../payments/common.ts';
import type { FourEyesService } from './four-eyes.ts';

// Money on the operator API: the withdrawals queue and decisions, and manual balance adjustments, both under
// four-eyes control (docs/decisions/0083-four-eyes.md).

export async function moneyRoutes(app: EndpointApp, { services, fourEyes }: { services: Services; fourEyes: FourEyesService }) {
  const { payments } = services;
  const withApprovals = async (rows: AdminWithdrawal[]) => {
    const approvals = await fourEyes.withdrawalFirstApprovals();
    return rows.map((row) => ({
      ...row,
      four_eyes: row.amount > fourEyes.threshold,
      first_approval_by: approvals.has(row.id) ? String(approvals.get(row.id)) : null,
    }));
  };

  /** Names and e-mails for the ids a list shows: its players, and the staff who acted (issue 32: names, not ids). */
  const staffEmails = async () => new Map((await services.operators.staff.list()).map((member) => [member.id, member.email]));
  const withNames = async <T extends { player_id: string }>(rows: T[]) => {
    const names = await services.accounts.playerNames([...new Set(rows.map((row) => Number(row.player_id)))]);
    return rows.map((row) => ({
      ...row,
      player_name: names.get(Number(row.player_id))?.name ?? null,
      player_email: names.get(Number(row.player_id))?.email ?? null,
    }));
  };

  /**
   * The risk hints beside each request (issue 18): deposit methods, lifetime net deposits, bonus record, account
   * age, KYC status and any compliance hold of each player in the queue, a few batched queries for the whole page.
   */
  const withRisk = async <T extends { player_id: string }>(rows: T[]): Promise<(T & { risk: WithdrawalRisk })[]> => {
    const ids = [...new Set(rows.map((row) => Number(row.player_id)))];
    const [basics, figures, bonusCounts, held] = await Promise.all([
      services.accounts.riskBasics(ids),
      payments.riskFigures(ids),
      services.bonuses.historyCounts(ids),
      services.compliance.heldPlayers(ids),
    ]);
    const now = Date.now();
    return rows.map((row) => {
      const id = Number(row.player_id);
      const basic = basics.get(id);
      const money = figures.get(id);
      const methods = new Set((money?.depositMethods ?? []).map((method) => (method.includes('crypto') ? ('crypto' as const) : ('card' as const))));
      return {
        ...row,
        risk: {
          deposit_methods: (['card', 'crypto'] as const).filter((method) => methods.has(method)),
          net_deposits: money?.netDeposits ?? 0,
          bonuses: bonusCounts.get(id) ?? { active: 0, forfeited: 0, total: 0 },
          account_age_days: basic ? Math.max(0, Math.floor((now - basic.createdAt.getTime()) / 86_400_000)) : 0,
          kyc_status: basic?.kycStatus ?? 'unverified',
          compliance_hold: held.has(id),
        },
      };
    });
  };

  route(app, endpoints.withdrawals, async ({ staff, query }) => {
    const [rows, emails] = await Promise.all([withRisk(await withApprovals(await payments.withdrawalsForOperators(query.status))), staffEmails()]);
    const data = (await withNames(rows)).map((row) => ({
      ...row,
      first_approval_email: row.first_approval_by ? (emails.get(row.first_approval_by) ?? null) : null,
    }));
    // The hints are players' money and KYC figures: reading them is audited like a player page.
    await services.operators.audit.record({
      staffId: staff.id,
      action: 'withdrawals.list',
      after: { status: query.status ?? null, results: data.length },
    });
    return { data };
  });

  // 200 when the approval paid it out, 202 when it waits for a second staff member's.
  route(app, endpoints.approveWithdrawal, async ({ reply, staff, params }) => {
    const { complete, withdrawal } = await fourEyes.approveWithdrawal(staff.id, params.id);
    const [row] = await withApprovals([withdrawal]);
    return reply.code(complete ? 200 : 202).send({ data: row! });
  });

  route(app, endpoints.rejectWithdrawal, async ({ staff, params, body }) => {
    const withdrawal = await fourEyes.rejectWithdrawal(staff.id, params.id, body.reason);
    const [row] = await withApprovals([withdrawal]);
    return { data: row! };
  });

  route(app, endpoints.requestAdjustment, async ({ staff, params, body }) => {
    const adjustment = await fourEyes.requestAdjustment(staff.id, Number(params.id), body.amount, body.reason);
    if (!adjustment) throw new Problem(404, 'No player with that id.');
    return { data: adjustment };
  });

  route(app, endpoints.adjustments, async ({ query }) => {
    const [rows, emails] = await Promise.all([
      fourEyes.adjustments({ status: query.status, playerId: query.player_id ? Number(query.player_id) : undefined }),
      staffEmails(),
    ]);
    const data = (await withNames(rows)).map((row) => ({
      ...row,
      requested_by_email: emails.get(row.requested_by) ?? null,
      decided_by_email: row.decided_by ? (emails.get(row.decided_by) ?? null) : null,
    }));
    return { data };
  });

  for (const [decision, endpoint] of [
    ['approve', endpoints.approveAdjustment],
    ['reject', endpoints.rejectAdjustment],
  ] as const) {
    route(app, endpoint, async ({ staff, params }) => ({ data: await fourEyes.decideAdjustment(staff.id, params.id, decision) }));
  }
}
