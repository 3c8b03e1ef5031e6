import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '../../../contract/http.ts';
import { inboxSchema, messageIdParamsSchema, playerMessageSchema } from '../../../contract/messages.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

const notFound = () => new Problem(404, 'No message with that id.');

export async function messageRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { messages, accounts } = services;
  const { signedIn } = playerGuards(fastify, accounts);

  app.get(
    '/api/player/messages',
    {
      preHandler: signedIn,
      schema: { response: { 200: inboxSchema } },
    },
    async (request) => {
      const inbox = await messages.inbox(request.player!.id);
      return { data: inbox.data, meta: { unread: inbox.unread } };
    },
  );

  app.post(
    '/api/player/messages/:id/read',
    {
      preHandler: signedIn,
      schema: { params: messageIdParamsSchema, response: { 200: dataOf(playerMessageSchema) } },
    },
    async (request) => {
      const message = await messages.markRead(request.player!.id, Number(request.params.id));
      if (!message) throw notFound();
      return { data: message };
    },
  );

  app.delete('/api/player/messages/:id', { preHandler: signedIn, schema: { params: messageIdParamsSchema } }, async (request, reply) => {
    if (!(await messages.remove(request.player!.id, Number(request.params.id)))) throw notFound();
    return reply.code(204).send();
  });
}
