import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '../../../contract/http.ts';
import {
  adjustmentBodySchema,
  adjustmentSchema,
  adjustmentsQuerySchema,
  adminWithdrawalRowSchema,
  adminWithdrawalSchema,
  playerIdParamsSchema,
  type WithdrawalRisk,
  withdrawalDecisionBodySchema,
  withdrawalRejectBodySchema,
  withdrawalsQuerySchema,
} from '../../../contract/operators.ts';
import { paymentIdParamsSchema } from '../../../contract/wallet.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { AdminWithdrawal } from '../payments/common.ts';
import type { FourEyesService } from './four-eyes.ts';
import type { OperatorGuards } from './guards.ts';

// Money on the operator API: the withdrawals queue and decisions, and manual balance adjustments, both under
// four-eyes control (docs/decisions/0083-four-eyes.md).

export async function moneyRoutes(
  fastify: FastifyInstance,
  { services, guards, fourEyes }: { services: Services; guards: OperatorGuards; fourEyes: FourEyesService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requirePermission } = guards;
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

  app.get(
    '/api/admin/withdrawals',
    {
      preHandler: requirePermission('withdrawals.read'),
      schema: { querystring: withdrawalsQuerySchema, response: { 200: dataOf(z.array(adminWithdrawalRowSchema)) } },
    },
    async (request) => {
      const [rows, emails] = await Promise.all([withRisk(await withApprovals(await payments.withdrawalsForOperators(request.query.status))), staffEmails()]);
      const data = (await withNames(rows)).map((row) => ({
        ...row,
        first_approval_email: row.first_approval_by ? (emails.get(row.first_approval_by) ?? null) : null,
      }));
      // The hints are players' money and KYC figures: reading them is audited like a player page.
      await services.operators.audit.record({
        staffId: request.operator!.id,
        action: 'withdrawals.list',
        after: { status: request.query.status ?? null, results: data.length },
      });
      return { data };
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/approve',
    {
      preHandler: requirePermission('withdrawals.decide'),
      schema: {
        params: paymentIdParamsSchema,
        body: withdrawalDecisionBodySchema,
        response: { 200: dataOf(adminWithdrawalSchema), 202: dataOf(adminWithdrawalSchema) },
      },
    },
    async (request, reply) => {
      const { complete, withdrawal } = await fourEyes.approveWithdrawal(request.operator!.id, request.params.id);
      const [row] = await withApprovals([withdrawal]);
      return reply.code(complete ? 200 : 202).send({ data: row! });
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      preHandler: requirePermission('withdrawals.decide'),
      schema: { params: paymentIdParamsSchema, body: withdrawalRejectBodySchema, response: { 200: dataOf(adminWithdrawalSchema) } },
    },
    async (request) => {
      const withdrawal = await fourEyes.rejectWithdrawal(request.operator!.id, request.params.id, request.body.reason);
      const [row] = await withApprovals([withdrawal]);
      return { data: row! };
    },
  );

  app.post(
    '/api/admin/players/:id/adjustments',
    {
      preHandler: requirePermission('adjustments.request'),
      schema: { params: playerIdParamsSchema, body: adjustmentBodySchema, response: { 201: dataOf(adjustmentSchema) } },
    },
    async (request, reply) => {
      const adjustment = await fourEyes.requestAdjustment(request.operator!.id, Number(request.params.id), request.body.amount, request.body.reason);
      if (!adjustment) throw new Problem(404, 'No player with that id.');
      return reply.code(201).send({ data: adjustment });
    },
  );

  app.get(
    '/api/admin/adjustments',
    {
      preHandler: requirePermission('adjustments.request'),
      schema: { querystring: adjustmentsQuerySchema, response: { 200: dataOf(z.array(adjustmentSchema)) } },
    },
    async (request) => {
      const [rows, emails] = await Promise.all([
        fourEyes.adjustments({ status: request.query.status, playerId: request.query.player_id ? Number(request.query.player_id) : undefined }),
        staffEmails(),
      ]);
      const data = (await withNames(rows)).map((row) => ({
        ...row,
        requested_by_email: emails.get(row.requested_by) ?? null,
        decided_by_email: row.decided_by ? (emails.get(row.decided_by) ?? null) : null,
      }));
      return { data };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/adjustments/:id/${decision}`,
      { preHandler: requirePermission('adjustments.decide'), schema: { params: paymentIdParamsSchema, response: { 200: dataOf(adjustmentSchema) } } },
      async (request) => ({ data: await fourEyes.decideAdjustment(request.operator!.id, request.params.id, decision) }),
    );
  }
}
