import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export async function healthRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/api/health', async (request, reply) => {
    try {
      await services.database.ping();
      return { status: 'ok', database: services.database.driver };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not answering.' });
    }
  });
}
