import type { FastifyInstance } from 'fastify';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

export const messageSchema = {
  type: 'object',
  required: ['id', 'subject', 'body', 'created_at', 'read_at'],
  properties: {
    id: { type: 'string' },
    subject: { type: 'string' },
    body: { type: 'string' },
    created_at: { type: 'string' },
    read_at: { type: ['string', 'null'] },
  },
} as const;
export const messageIdParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } } } as const;
const notFound = () => new Problem(404, 'No message with that id.');

export async function messageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { messages, accounts } = services;
  const { signedIn } = playerGuards(app, accounts);

  app.get(
    '/api/player/messages',
    {
      preHandler: signedIn,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: {
              data: { type: 'array', items: messageSchema },
              meta: { type: 'object', required: ['unread'], properties: { unread: { type: 'integer' } } },
            },
          },
        },
      },
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
      schema: { params: messageIdParams, response: { 200: { type: 'object', required: ['data'], properties: { data: messageSchema } } } },
    },
    async (request) => {
      const message = await messages.markRead(request.player!.id, Number((request.params as { id: string }).id));
      if (!message) throw notFound();
      return { data: message };
    },
  );

  app.delete('/api/player/messages/:id', { preHandler: signedIn, schema: { params: messageIdParams } }, async (request, reply) => {
    if (!(await messages.remove(request.player!.id, Number((request.params as { id: string }).id)))) throw notFound();
    return reply.code(204).send();
  });
}
