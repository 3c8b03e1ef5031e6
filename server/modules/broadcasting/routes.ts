import type { FastifyInstance } from 'fastify';
import { broadcastingEndpoints as endpoints } from '../../../contract/site.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import type { Services } from '../../services.ts';

/** The root paths pusher-js is pointed at; SPEC.md §7 names them beside the /api ones. */
const ROOT_PATHS = { channelAuth: '/broadcasting/auth', userAuth: '/broadcasting/user-auth' } as const;

/**
 * Where pusher-js (through Laravel Echo) asks to join private channels and to sign in, form-encoded or JSON,
 * with the player's bearer token or session cookie.
 */
export async function broadcastingRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { broadcasting, accounts } = services;
  const app = endpointApp(fastify, { accounts });

  for (const path of [endpoints.channelAuth.path, ROOT_PATHS.channelAuth]) {
    route(app, { ...endpoints.channelAuth, path }, ({ player, body }) => broadcasting.authorizeChannel(player.id, body));
  }
  route(app, endpoints.playingNow, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { data: await broadcasting.playingNow() };
  });
  for (const path of [endpoints.userAuth.path, ROOT_PATHS.userAuth]) {
    route(app, { ...endpoints.userAuth, path }, ({ player, body }) => broadcasting.authenticateUser(player, body));
  }
}
