import type { FastifyInstance } from 'fastify';
import { messageEndpoints as endpoints } from '../../../contract/messages.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

const notFound = () => new Problem(404, 'No message with that id.');

export async function messageRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { messages, accounts } = services;
  const app = endpointApp(fastify, { accounts });

  route(app, endpoints.inbox, async ({ player }) => {
    const inbox = await messages.inbox(player.id);
    return { data: inbox.data, meta: { unread: inbox.unread } };
  });

  route(app, endpoints.markRead, async ({ player, params }) => {
    const message = await messages.markRead(player.id, Number(params.id));
    if (!message) throw notFound();
    return { data: message };
  });

  route(app, endpoints.remove, async ({ player, params }) => {
    if (!(await messages.remove(player.id, Number(params.id)))) throw notFound();
  });
}
