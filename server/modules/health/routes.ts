import type { FastifyInstance } from 'fastify';
import { healthEndpoints as endpoints } from '../../../contract/site.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import type { Services } from '../../services.ts';

export async function healthRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = endpointApp(fastify, { accounts: services.accounts });

  route(app, endpoints.health, async ({ request, reply }) => {
    try {
      await services.database.ping();
      return { status: 'ok' as const, database: services.database.driver };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not answering.' });
    }
  });

  // Readiness, for a load balancer's health check: 503 from the moment the process begins to stop (it still answers
  // what it was sent meanwhile) and while the database does not answer. Liveness stays /api/health.
  route(app, endpoints.ready, async ({ request, reply }) => {
    if (services.lifecycle.draining) return reply.code(503).send({ status: 'draining', message: 'This server is stopping.' });
    try {
      await services.database.ping();
      return { status: 'ready' as const };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database did not answer');
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not answering.' });
    }
  });
}
