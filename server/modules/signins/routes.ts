import type { FastifyInstance } from 'fastify';
import { signInEndpoints as endpoints } from '../../../contract/signins.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// Sign-ins on the API (issue 33 §1, §3, §7): the player's previous session and round recall; staff's sign-in
// history, linked accounts and the duplicate flag on the player page. Staff reads and changes are audited.

const NO_PLAYER = 'No player with that id.';

export async function signInRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { signins, accounts, operators } = services;
  const app = endpointApp(fastify, { accounts, operators });

  route(app, endpoints.previousSession, async ({ player }) => ({ data: await signins.previousSession(player.id, player.tokenId) }));

  route(app, endpoints.recall, async ({ player }) => {
    const [rounds, sessions] = await Promise.all([signins.lastRounds(player.id), signins.sessionNets(player.id, player.tokenId)]);
    return { data: { rounds, sessions } };
  });

  route(app, endpoints.staffView, async ({ staff, params }) => {
    const id = Number(params.id);
    if (!(await accounts.playerExists(id))) throw new Problem(404, NO_PLAYER);
    const data = await signins.staffView(id);
    await operators.audit.record({ staffId: staff.id, action: 'player.sign-ins.view', playerId: id, subject: `player:${id}` });
    return { data };
  });

  route(app, endpoints.duplicate, async ({ staff, params, body }) => {
    const id = Number(params.id);
    if (!(await accounts.playerExists(id))) throw new Problem(404, NO_PLAYER);
    const { duplicate, reason } = body;
    const staffId = staff.id;
    await operators.audit.audited(
      async (tx) => {
        if (duplicate) await signins.flagDuplicate(tx, id, reason, staffId);
        else await signins.unflagDuplicate(tx, id);
        return true;
      },
      () => ({
        staffId,
        action: duplicate ? 'player.duplicate.flag' : 'player.duplicate.clear',
        playerId: id,
        subject: `player:${id}`,
        after: { duplicate, reason },
      }),
    );
    return { data: await signins.staffView(id) };
  });
}
