import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export async function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/api/settings/get', async () => ({ data: await services.settings.publicSettings() }));
}
