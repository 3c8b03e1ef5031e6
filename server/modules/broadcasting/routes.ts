import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelAuthBodySchema, channelAuthResponseSchema, playingNowResponseSchema, userAuthResponseSchema } from '../../../contract/site.ts';
import { playerGuards } from '../../http/player-guards.ts';
import type { Services } from '../../services.ts';

/**
 * Where pusher-js (through Laravel Echo) asks to join private channels and to sign in, form-encoded or JSON,
 * with the player's bearer token or session cookie. SPEC.md §7 names both the root and the /api paths.
 */
export async function broadcastingRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { broadcasting, accounts } = services;
  const { signedIn } = playerGuards(fastify, accounts);

  for (const path of ['/broadcasting/auth', '/api/broadcasting/auth']) {
    app.post(path, { preHandler: signedIn, schema: { body: channelAuthBodySchema, response: { 200: channelAuthResponseSchema } } }, async (request) =>
      broadcasting.authorizeChannel(request.player!.id, request.body),
    );
  }
  // Public, like the lobby it serves; counts only, never who.
  app.get('/api/playing-now', { schema: { response: { 200: playingNowResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await broadcasting.playingNow() };
  });
  for (const path of ['/broadcasting/user-auth', '/api/broadcasting/user-auth']) {
    app.post(path, { preHandler: signedIn, schema: { body: channelAuthBodySchema, response: { 200: userAuthResponseSchema } } }, async (request) =>
      broadcasting.authenticateUser(request.player!, request.body),
    );
  }
}
