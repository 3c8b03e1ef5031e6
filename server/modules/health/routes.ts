import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, healthUnavailableSchema } from '../../../contract/site.ts';
import type { Services } from '../../services.ts';

export async function healthRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthUnavailableSchema } } }, async (request, reply) => {
    try {
      await services.database.ping();
      return { status: 'ok' as const, database: services.database.driver };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not answering.' });
    }
  });
}
