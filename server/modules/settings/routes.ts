import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '../../../contract/http.ts';
import { publicSettingsSchema } from '../../../contract/site.ts';
import type { Services } from '../../services.ts';

export async function settingsRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/settings/get', { schema: { response: { 200: dataOf(publicSettingsSchema) } } }, async () => ({
    data: await services.settings.publicSettings(),
  }));
}
