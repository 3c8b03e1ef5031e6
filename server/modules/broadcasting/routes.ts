import type { FastifyInstance } from 'fastify';
import { playerGuards } from '../../http/player-guards.ts';
import type { Services } from '../../services.ts';

const body = {
  type: 'object',
  properties: { socket_id: { type: 'string', maxLength: 50 }, channel_name: { type: 'string', maxLength: 200 } },
} as const;

/**
 * Where pusher-js (through Laravel Echo) asks to join private channels and to sign in, form-encoded or JSON,
 * with the player's bearer token or session cookie. SPEC.md §7 names both the root and the /api paths.
 */
export async function broadcastingRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { broadcasting, accounts } = services;
  const { signedIn } = playerGuards(app, accounts);

  for (const path of ['/broadcasting/auth', '/api/broadcasting/auth']) {
    app.post(path, { preHandler: signedIn, schema: { body } }, async (request) =>
      broadcasting.authorizeChannel(request.player!.id, (request.body ?? {}) as { socket_id?: string; channel_name?: string }),
    );
  }
  for (const path of ['/broadcasting/user-auth', '/api/broadcasting/user-auth']) {
    app.post(path, { preHandler: signedIn, schema: { body } }, async (request) =>
      broadcasting.authenticateUser(request.player!, (request.body ?? {}) as { socket_id?: string }),
    );
  }
}
