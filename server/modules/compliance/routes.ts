import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertSchema,
  alertsQuerySchema,
  assignCaseBodySchema,
  caseAlertsBodySchema,
  caseDetailSchema,
  caseNoteBodySchema,
  caseNoteParamsSchema,
  caseSchema,
  casesQuerySchema,
  caseStateBodySchema,
  closeAlertBodySchema,
  closeCaseBodySchema,
  closeCaseResponseSchema,
  complianceIdParamsSchema,
  complianceSummarySchema,
  createCaseBodySchema,
  interventionBodySchema,
  interventionSchema,
  playerParamsSchema,
  ruleParamsSchema,
  ruleThresholdsSchema,
  thresholdsBodySchema,
} from '../../../contract/compliance.ts';
import { dataOf } from '../../../contract/http.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { MAX_ATTACHMENT_BYTES } from './cases.ts';

/** Confirming or withdrawing a close carries nothing (an empty JSON object or no body at all). */
const emptyBody = z.object({}).nullable().optional();

/**
 * The compliance console's API (docs/decisions/0114, 0115): `compliance.read` sees alerts, cases, thresholds and
 * interventions; `compliance.manage` closes alerts, works cases, sets thresholds and records interventions. Every
 * decision is written to the hash-chained audit log by the service.
 */
export async function complianceRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { compliance } = services;
  const { requirePermission } = staffGuards(services.operators);
  const read = requirePermission('compliance.read');
  const manage = requirePermission('compliance.manage');
  const staffId = (request: { operator: { id: number } | null }) => request.operator!.id;
  const caseOr404 = async (id: number) => {
    const found = await compliance.cases.get(id);
    if (!found) throw new Problem(404, 'No case with that id.');
    return { ...found, alerts: await compliance.alerts.list({ caseId: id }, 500) };
  };

  app.get('/api/admin/compliance/summary', { preHandler: read, schema: { response: { 200: dataOf(complianceSummarySchema) } } }, async () => ({
    data: await compliance.alerts.summary(),
  }));

  app.get(
    '/api/admin/compliance/alerts',
    { preHandler: read, schema: { querystring: alertsQuerySchema, response: { 200: dataOf(z.array(alertSchema)) } } },
    async (request) => {
      const { status, rule, kind, player_id } = request.query;
      return { data: await compliance.alerts.list({ status, rule, kind, playerId: player_id ? Number(player_id) : undefined }) };
    },
  );

  app.get(
    '/api/admin/compliance/alerts/:id',
    { preHandler: read, schema: { params: complianceIdParamsSchema, response: { 200: dataOf(alertSchema) } } },
    async (request) => {
      const alert = await compliance.alerts.get(Number(request.params.id));
      if (!alert) throw new Problem(404, 'No alert with that id.');
      return { data: alert };
    },
  );

  app.post(
    '/api/admin/compliance/alerts/:id/close',
    { preHandler: manage, schema: { params: complianceIdParamsSchema, body: closeAlertBodySchema, response: { 200: dataOf(alertSchema) } } },
    async (request) => ({ data: await compliance.alerts.close(Number(request.params.id), staffId(request), request.body.resolution) }),
  );

  app.get('/api/admin/compliance/rules', { preHandler: read, schema: { response: { 200: dataOf(z.array(ruleThresholdsSchema)) } } }, async () => ({
    data: await compliance.thresholds.list(),
  }));

  app.put(
    '/api/admin/compliance/rules/:rule',
    { preHandler: manage, schema: { params: ruleParamsSchema, body: thresholdsBodySchema, response: { 200: dataOf(ruleThresholdsSchema) } } },
    async (request) => ({ data: await compliance.thresholds.update(request.params.rule, request.body.values, staffId(request), request.body.reason) }),
  );

  app.get(
    '/api/admin/compliance/cases',
    { preHandler: read, schema: { querystring: casesQuerySchema, response: { 200: dataOf(z.array(caseSchema)) } } },
    async (request) => ({
      data: await compliance.cases.list(request.query.state),
    }),
  );

  app.post(
    '/api/admin/compliance/cases',
    { preHandler: manage, schema: { body: createCaseBodySchema, response: { 201: dataOf(caseDetailSchema) } } },
    async (request, reply) => {
      const { title, alert_ids, assigned_to } = request.body;
      const created = await compliance.cases.create(
        { title, alertIds: alert_ids.map(Number), assignedTo: assigned_to ? Number(assigned_to) : null },
        staffId(request),
      );
      return reply.code(201).send({ data: await caseOr404(Number(created.id)) });
    },
  );

  app.get(
    '/api/admin/compliance/cases/:id',
    { preHandler: read, schema: { params: complianceIdParamsSchema, response: { 200: dataOf(caseDetailSchema) } } },
    async (request) => ({
      data: await caseOr404(Number(request.params.id)),
    }),
  );

  const caseChange = <B extends z.ZodType>(path: string, body: B, work: (id: number, body: z.infer<B>, staff: number) => Promise<unknown>) =>
    app.post(path, { preHandler: manage, schema: { params: complianceIdParamsSchema, body, response: { 200: dataOf(caseDetailSchema) } } }, async (request) => {
      const id = Number(request.params.id);
      await caseOr404(id);
      await work(id, request.body as z.infer<B>, staffId(request));
      return { data: await caseOr404(id) };
    });
  caseChange('/api/admin/compliance/cases/:id/alerts', caseAlertsBodySchema, (id, body, staff) =>
    compliance.cases.addAlerts(id, body.alert_ids.map(Number), staff),
  );
  caseChange('/api/admin/compliance/cases/:id/assign', assignCaseBodySchema, (id, body, staff) =>
    compliance.cases.assign(id, body.assigned_to ? Number(body.assigned_to) : null, staff),
  );
  caseChange('/api/admin/compliance/cases/:id/state', caseStateBodySchema, (id, body, staff) => compliance.cases.moveTo(id, body.state, staff));
  caseChange('/api/admin/compliance/cases/:id/notes', caseNoteBodySchema, (id, body, staff) => {
    const file = body.attachment && {
      name: body.attachment.file_name,
      contentType: body.attachment.content_type,
      data: Buffer.from(body.attachment.data_base64, 'base64'),
    };
    if (file && (file.data.length === 0 || file.data.length > MAX_ATTACHMENT_BYTES))
      throw invalid({ attachment: ['The attachment must be a file of at most 256 KB.'] });
    return compliance.cases.note(id, { body: body.body, file }, staff);
  });
  caseChange('/api/admin/compliance/cases/:id/confirm-close', emptyBody, (id, _body, staff) => compliance.cases.confirmClose(id, staff));
  caseChange('/api/admin/compliance/cases/:id/withdraw-close', emptyBody, (id, _body, staff) => compliance.cases.cancelClose(id, staff));

  app.post(
    '/api/admin/compliance/cases/:id/close',
    {
      preHandler: manage,
      schema: { params: complianceIdParamsSchema, body: closeCaseBodySchema, response: { 200: closeCaseResponseSchema, 202: closeCaseResponseSchema } },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      await caseOr404(id);
      const { closed } = await compliance.cases.close(id, request.body, staffId(request));
      const { notes: _notes, alerts: _alerts, ...data } = await caseOr404(id);
      return reply.code(closed ? 200 : 202).send({ data, closed });
    },
  );

  app.get('/api/admin/compliance/cases/:id/notes/:noteId/file', { preHandler: read, schema: { params: caseNoteParamsSchema } }, async (request, reply) => {
    const file = await compliance.cases.attachment(Number(request.params.id), Number(request.params.noteId));
    if (!file) throw new Problem(404, 'No attachment there.');
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });

  app.get('/api/admin/compliance/cases/:id/report', { preHandler: read, schema: { params: complianceIdParamsSchema } }, async (request, reply) => {
    const report = await compliance.report(Number(request.params.id), staffId(request));
    if (!report) throw new Problem(404, 'No case with that id.');
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="case-${request.params.id}-report.json"`)
      .send(JSON.stringify(report, null, 2));
  });

  app.get(
    '/api/admin/compliance/players/:id/interventions',
    { preHandler: read, schema: { params: playerParamsSchema, response: { 200: dataOf(z.array(interventionSchema)) } } },
    async (request) => ({ data: await compliance.interventions.list(Number(request.params.id)) }),
  );

  app.post(
    '/api/admin/compliance/players/:id/interventions',
    { preHandler: manage, schema: { params: playerParamsSchema, body: interventionBodySchema, response: { 201: dataOf(interventionSchema) } } },
    async (request, reply) => {
      const playerId = Number(request.params.id);
      if (!(await services.accounts.playerExists(playerId))) throw new Problem(404, 'No player with that id.');
      const { kind, note, alert_id, break_days } = request.body;
      const alertId = alert_id ? Number(alert_id) : null;
      await compliance.interventions.checkAlert(playerId, alertId);
      // An enforced break is a time-out from the limits module, started now (409 when a longer one already runs).
      if (kind === 'break' && break_days !== undefined) {
        const staff = staffId(request);
        await services.limits.operatorTimeOut(staff, playerId, break_days, (tx, until) =>
          services.operators.audit.record(
            {
              staffId: staff,
              action: 'player.time-out',
              playerId,
              subject: `player:${playerId}`,
              after: { days: break_days, until: until.toISOString(), reason: 'enforced break' },
            },
            tx,
          ),
        );
      }
      const data = await compliance.interventions.record({ playerId, kind, note, alertId, staffId: staffId(request) });
      return reply.code(201).send({ data });
    },
  );
}
