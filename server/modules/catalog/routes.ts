import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameDetailSchema, gamesPageSchema, gamesQuerySchema, slugParamsSchema } from '../../../contract/games.ts';
import { dataOf } from '../../../contract/http.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

export async function catalogRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalog } = services;

  app.get(
    '/api/games',
    {
      schema: {
        querystring: gamesQuerySchema,
        response: { 200: gamesPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return catalog.games({
        q: query.q?.trim() || undefined,
        category: query.category,
        provider: query.provider,
        page: Number(query.page ?? 1),
        perPage: Number(query.per_page ?? 20),
      });
    },
  );

  app.get(
    '/api/games/:slug',
    {
      schema: {
        params: slugParamsSchema,
        response: { 200: dataOf(gameDetailSchema) },
      },
    },
    async (request) => {
      const { slug } = request.params;
      const game = /^[a-z0-9-]{1,64}$/.test(slug) ? await catalog.game(slug) : null;
      if (!game) throw new Problem(404, 'No game with that slug.');
      return { data: game };
    },
  );
}
