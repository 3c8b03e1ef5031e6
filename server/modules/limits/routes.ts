import type { FastifyInstance } from 'fastify';
import { limitEndpoints as endpoints } from '../../../contract/limits.ts';
import type { Database } from '../../db/client.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// Responsible gambling (docs/decisions/0055-limits.md): the player's limits, session, time-out and self-exclusion,
// and the operator's view and tightening of them.

export async function limitRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { limits, accounts, config, operators } = services;
  const app = endpointApp(fastify, { accounts, operators });

  // --- the player ---------------------------------------------------------------------------------------------
  route(app, endpoints.overview, async ({ player }) => ({ data: await limits.overview(player.id) }));
  route(app, endpoints.set, async ({ player, body }) => ({ data: await limits.setLimit(player.id, body) }));
  route(app, endpoints.confirm, async ({ player, body }) => ({ data: await limits.confirm(player.id, body) }));
  route(app, endpoints.cancel, async ({ player, body }) => ({ data: await limits.cancel(player.id, body) }));

  // The deposit limit prompt before the first deposit and every 6 months (UKGC, decision 0121).
  route(app, endpoints.depositPrompt, async ({ player, body }) => ({ data: await limits.answerDepositPrompt(player.id, body) }));

  // The responsible-gambling information acknowledged before the first stake (MGA, decision 0120).
  route(app, endpoints.rgInfo, async ({ player }) => ({ data: await limits.acknowledgeRgInfo(player.id) }));

  route(app, endpoints.sessionSettings, async ({ player, body }) => ({ data: await limits.setSessionSettings(player.id, body) }));
  route(app, endpoints.session, async ({ player }) => ({ data: await limits.session(player.id, player.tokenId) }));
  route(app, endpoints.realityCheck, async ({ player }) => ({ data: await limits.answerRealityCheck(player.id, player.tokenId) }));
  route(app, endpoints.timeOut, async ({ player, body }) => ({ data: await limits.timeOut(player.id, body.days, body.password) }));
  route(app, endpoints.selfExclude, async ({ player, body }) => ({ data: await limits.selfExclude(player.id, body.months, body.password) }));
  route(app, endpoints.requestReturn, async ({ player }) => ({ data: await limits.requestReturn(player.id) }));

  // The browser tests' stand-in for time passing (a reality check due): staging only, never in production.
  if (config.appEnv === 'staging') {
    route(app, endpoints.rewindSession, async ({ player, body }) => {
      await limits.rewindSession(player.id, body.minutes);
    });
  }

  // --- operators ----------------------------------------------------------------------------------------------
  /** The operator's change in the hash-chained audit log too (issue 18), beside the limits' own change history. */
  // Each operator action's audit row is written inside the change's own transaction.
  const operatorAudit = (staffId: number, playerId: number, action: string, after: Record<string, unknown>) => (tx: Database) =>
    operators.audit.record({ staffId, action, playerId, subject: `player:${playerId}`, after }, tx);

  async function playerOr404(id: string): Promise<number> {
    const playerId = Number(id);
    if (!(await accounts.playerExists(playerId))) throw new Problem(404, 'No player with that id.');
    return playerId;
  }

  route(app, endpoints.adminView, async ({ params }) => ({ data: await limits.adminView(await playerOr404(params.id)) }));

  route(app, endpoints.adminTighten, async ({ staff, params, body }) => {
    const playerId = await playerOr404(params.id);
    const { type, period, amount } = body;
    if (amount === null) throw new Problem(422, 'Operators may not remove a limit.', { errors: { amount: ['Operators may not remove a limit.'] } });
    const data = await limits.operatorTighten(
      staff.id,
      playerId,
      { type, period, amount },
      operatorAudit(staff.id, playerId, 'player.limit.tighten', { type, period, amount }),
    );
    return { data };
  });

  route(app, endpoints.adminTimeOut, async ({ staff, params, body }) => {
    const playerId = await playerOr404(params.id);
    const data = await limits.operatorTimeOut(staff.id, playerId, body.days, (tx, until) =>
      operatorAudit(staff.id, playerId, 'player.time-out', { days: body.days, until: until.toISOString() })(tx),
    );
    return { data };
  });

  route(app, endpoints.adminSelfExclude, async ({ staff, params, body }) => {
    const playerId = await playerOr404(params.id);
    const data = await limits.operatorSelfExclude(staff.id, playerId, body.months, (tx, until) =>
      operatorAudit(staff.id, playerId, 'player.self-exclusion', { months: body.months, until: until.toISOString() })(tx),
    );
    return { data };
  });
}
