import type { FastifyInstance } from 'fastify';
import { complianceEndpoints as endpoints } from '../../../contract/compliance.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { MAX_ATTACHMENT_BYTES } from './cases.ts';

/**
 * The compliance console's API (docs/decisions/0114, 0115): `compliance.read` sees alerts, cases, thresholds and
 * interventions; `compliance.manage` closes alerts, works cases, sets thresholds and records interventions. Every
 * decision is written to the hash-chained audit log by the service.
 */
export async function complianceRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { compliance, accounts, operators } = services;
  const app = endpointApp(fastify, { accounts, operators });
  const caseOr404 = async (id: number) => {
    const found = await compliance.cases.get(id);
    if (!found) throw new Problem(404, 'No case with that id.');
    return { ...found, alerts: await compliance.alerts.list({ caseId: id }, 500) };
  };
  /** A change to a case that must exist, answered with the case as it now is. */
  const changeCase = async (id: number, work: () => Promise<unknown>) => {
    await caseOr404(id);
    await work();
    return { data: await caseOr404(id) };
  };

  route(app, endpoints.summary, async () => ({ data: await compliance.alerts.summary() }));

  route(app, endpoints.alerts, async ({ query: { status, rule, kind, player_id } }) => ({
    data: await compliance.alerts.list({ status, rule, kind, playerId: player_id ? Number(player_id) : undefined }),
  }));

  route(app, endpoints.alert, async ({ params }) => {
    const alert = await compliance.alerts.get(Number(params.id));
    if (!alert) throw new Problem(404, 'No alert with that id.');
    return { data: alert };
  });

  route(app, endpoints.closeAlert, async ({ staff, params, body }) => ({
    data: await compliance.alerts.close(Number(params.id), staff.id, body.resolution),
  }));

  route(app, endpoints.rules, async () => ({ data: await compliance.thresholds.list() }));

  route(app, endpoints.setThresholds, async ({ staff, params, body }) => ({
    data: await compliance.thresholds.update(params.rule, body.values, staff.id, body.reason),
  }));

  route(app, endpoints.cases, async ({ query }) => ({ data: await compliance.cases.list(query.state) }));

  route(app, endpoints.createCase, async ({ staff, body: { title, alert_ids, assigned_to } }) => {
    const created = await compliance.cases.create({ title, alertIds: alert_ids.map(Number), assignedTo: assigned_to ? Number(assigned_to) : null }, staff.id);
    return { data: await caseOr404(Number(created.id)) };
  });

  route(app, endpoints.case, async ({ params }) => ({ data: await caseOr404(Number(params.id)) }));

  route(app, endpoints.addAlerts, ({ staff, params, body }) =>
    changeCase(Number(params.id), () => compliance.cases.addAlerts(Number(params.id), body.alert_ids.map(Number), staff.id)),
  );
  route(app, endpoints.assign, ({ staff, params, body }) =>
    changeCase(Number(params.id), () => compliance.cases.assign(Number(params.id), body.assigned_to ? Number(body.assigned_to) : null, staff.id)),
  );
  route(app, endpoints.moveTo, ({ staff, params, body }) =>
    changeCase(Number(params.id), () => compliance.cases.moveTo(Number(params.id), body.state, staff.id)),
  );
  route(app, endpoints.note, ({ staff, params, body }) =>
    changeCase(Number(params.id), async () => {
      const file = body.attachment && {
        name: body.attachment.file_name,
        contentType: body.attachment.content_type,
        data: Buffer.from(body.attachment.data_base64, 'base64'),
      };
      if (file && (file.data.length === 0 || file.data.length > MAX_ATTACHMENT_BYTES))
        throw invalid({ attachment: ['The attachment must be a file of at most 256 KB.'] });
      return compliance.cases.note(Number(params.id), { body: body.body, file }, staff.id);
    }),
  );
  route(app, endpoints.confirmClose, ({ staff, params }) => changeCase(Number(params.id), () => compliance.cases.confirmClose(Number(params.id), staff.id)));
  route(app, endpoints.withdrawClose, ({ staff, params }) => changeCase(Number(params.id), () => compliance.cases.cancelClose(Number(params.id), staff.id)));

  route(app, endpoints.close, async ({ reply, staff, params, body }) => {
    const id = Number(params.id);
    await caseOr404(id);
    const { closed } = await compliance.cases.close(id, body, staff.id);
    const { notes: _notes, alerts: _alerts, ...data } = await caseOr404(id);
    // 202: the close waits for a second staff member to confirm it.
    return reply.code(closed ? 200 : 202).send({ data, closed });
  });

  route(app, endpoints.attachment, async ({ reply, params }) => {
    const file = await compliance.cases.attachment(Number(params.id), Number(params.noteId));
    if (!file) throw new Problem(404, 'No attachment there.');
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });

  route(app, endpoints.report, async ({ reply, staff, params }) => {
    const report = await compliance.report(Number(params.id), staff.id);
    if (!report) throw new Problem(404, 'No case with that id.');
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="case-${params.id}-report.json"`)
      .send(JSON.stringify(report, null, 2));
  });

  route(app, endpoints.interventions, async ({ params }) => ({ data: await compliance.interventions.list(Number(params.id)) }));

  route(app, endpoints.intervene, async ({ staff, params, body: { kind, note, alert_id, break_days } }) => {
    const playerId = Number(params.id);
    if (!(await accounts.playerExists(playerId))) throw new Problem(404, 'No player with that id.');
    const alertId = alert_id ? Number(alert_id) : null;
    await compliance.interventions.checkAlert(playerId, alertId);
    // An enforced break is a time-out from the limits module, started now (409 when a longer one already runs).
    if (kind === 'break' && break_days !== undefined) {
      await services.limits.operatorTimeOut(staff.id, playerId, break_days, (tx, until) =>
        operators.audit.record(
          {
            staffId: staff.id,
            action: 'player.time-out',
            playerId,
            subject: `player:${playerId}`,
            after: { days: break_days, until: until.toISOString(), reason: 'enforced break' },
          },
          tx,
        ),
      );
    }
    return { data: await compliance.interventions.record({ playerId, kind, note, alertId, staffId: staff.id }) };
  });
}
