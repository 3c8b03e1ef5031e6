import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { playerIdParamsSchema } from '../../../contract/operators.ts';
import { duplicateBodySchema, playerSignInsSchema, previousSessionSchema, recallSchema } from '../../../contract/signins.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// Sign-ins on the API (issue 33 §1, §3, §7): the player's previous session and round recall; staff's sign-in
// history, linked accounts and the duplicate flag on the player page. Staff reads and changes are audited.

const NO_PLAYER = 'No player with that id.';

export async function signInRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { signins, accounts, operators } = services;
  const { signedIn } = playerGuards(fastify, accounts);
  const { requirePermission } = staffGuards(operators);

  app.get('/api/player/previous-session', { preHandler: signedIn, schema: { response: { 200: previousSessionSchema } } }, async (request) => ({
    data: await signins.previousSession(request.player!.id, request.player!.tokenId),
  }));

  app.get('/api/player/recall', { preHandler: signedIn, schema: { response: { 200: recallSchema } } }, async (request) => {
    const [rounds, sessions] = await Promise.all([signins.lastRounds(request.player!.id), signins.sessionNets(request.player!.id, request.player!.tokenId)]);
    return { data: { rounds, sessions } };
  });

  app.get(
    '/api/admin/players/:id/sign-ins',
    { preHandler: requirePermission('players.read'), schema: { params: playerIdParamsSchema, response: { 200: playerSignInsSchema } } },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await accounts.playerExists(id))) throw new Problem(404, NO_PLAYER);
      const data = await signins.staffView(id);
      await operators.audit.record({ staffId: request.operator!.id, action: 'player.sign-ins.view', playerId: id, subject: `player:${id}` });
      return { data };
    },
  );

  app.put(
    '/api/admin/players/:id/duplicate',
    {
      preHandler: requirePermission('players.block'),
      schema: { params: playerIdParamsSchema, body: duplicateBodySchema, response: { 200: playerSignInsSchema } },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await accounts.playerExists(id))) throw new Problem(404, NO_PLAYER);
      const { duplicate, reason } = request.body;
      const staffId = request.operator!.id;
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
    },
  );
}
