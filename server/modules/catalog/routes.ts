import type { FastifyInstance } from 'fastify';
import { catalogEndpoints as endpoints } from '../../../contract/games.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

export async function catalogRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { catalog, accounts } = services;
  const app = endpointApp(fastify, { accounts });

  route(app, endpoints.games, ({ query }) =>
    catalog.games({
      q: query.q?.trim() || undefined,
      category: query.category,
      provider: query.provider,
      page: Number(query.page ?? 1),
      perPage: Number(query.per_page ?? 20),
    }),
  );

  route(app, endpoints.game, async ({ params: { slug } }) => {
    const game = /^[a-z0-9-]{1,64}$/.test(slug) ? await catalog.game(slug) : null;
    if (!game) throw new Problem(404, 'No game with that slug.');
    return { data: game };
  });
}
