import type { FastifyInstance } from 'fastify';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

const SLUG = { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } as const;
export const PAGE = { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } as const;
export const PER_PAGE = { type: 'string', pattern: '^([1-9][0-9]?|100)$' } as const;

export const gameSummarySchema = {
  type: 'object',
  required: ['id', 'slug', 'name', 'provider', 'category', 'rtp', 'volatility', 'thumbnail', 'tags', 'kind'],
  properties: {
    id: { type: 'integer' },
    slug: { type: 'string' },
    name: { type: 'string' },
    provider: { type: 'string' },
    category: { type: 'string' },
    rtp: { type: 'number' },
    volatility: { type: 'string' },
    thumbnail: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    kind: { type: 'string' },
  },
} as const;

export const pageMetaSchema = {
  type: 'object',
  required: ['current_page', 'per_page', 'total', 'last_page'],
  properties: { current_page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, last_page: { type: 'integer' } },
} as const;

const gameDetailSchema = {
  type: 'object',
  required: [...gameSummarySchema.required, 'description', 'provider_name', 'category_name', 'release_date', 'limits', 'info'],
  properties: {
    ...gameSummarySchema.properties,
    description: { type: 'string' },
    provider_name: { type: 'string' },
    category_name: { type: 'string' },
    release_date: { type: 'string' },
    limits: {
      type: 'object',
      required: ['min_stake', 'max_stake', 'stake_step', 'bet_limits'],
      properties: {
        min_stake: { type: 'integer' },
        max_stake: { type: 'integer' },
        stake_step: { type: 'integer' },
        bet_limits: { type: 'object', additionalProperties: { type: 'integer' } },
      },
    },
    // The info panel differs by game (paytable rows, paylines, free spins); it is plain data from games/.
    info: { type: 'object', additionalProperties: true },
  },
} as const;

export async function catalogRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { catalog } = services;

  app.get(
    '/api/games',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { q: { type: 'string', maxLength: 100 }, category: SLUG, provider: SLUG, page: PAGE, per_page: PER_PAGE },
        },
        response: {
          200: { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: gameSummarySchema }, meta: pageMetaSchema } },
        },
      },
    },
    async (request) => {
      const query = request.query as { q?: string; category?: string; provider?: string; page?: string; per_page?: string };
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
        params: { type: 'object', required: ['slug'], properties: { slug: { type: 'string' } } },
        response: { 200: { type: 'object', required: ['data'], properties: { data: gameDetailSchema } } },
      },
    },
    async (request) => {
      const { slug } = request.params as { slug: string };
      const game = /^[a-z0-9-]{1,64}$/.test(slug) ? await catalog.game(slug) : null;
      if (!game) throw new Problem(404, 'No game with that slug.');
      return { data: game };
    },
  );
}
