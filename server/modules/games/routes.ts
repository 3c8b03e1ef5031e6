import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BLACKJACK_MOVES,
  CLIENT_SEED_PATTERN,
  DEMO_CURRENCY,
  ROUND_MODES,
  ROUND_STATUSES,
  type DemoWallet,
  type RoundMode,
  type RoundStatus,
} from '../../../contract/games.ts';
import { presentedToken } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { gameSummarySchema, pageMetaSchema, PAGE, PER_PAGE } from '../catalog/routes.ts';
import { DEMO_COOKIE, type DemoSession } from './demo-sessions.ts';
import { prepareRound, type RoundInput } from './engines.ts';

const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Stakes are integers of minor units: JSON numbers only, positive and bounded before any game rule is asked.
const AMOUNT = { type: 'integer', minimum: 1, maximum: 100_000_000_00 } as const;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

const seedsSchema = {
  type: 'object',
  required: ['mode', 'server_seed_hash', 'client_seed', 'nonce'],
  properties: { mode: str, server_seed_hash: str, client_seed: str, nonce: int },
} as const;
const rotationSchema = {
  type: 'object',
  required: [...seedsSchema.required, 'previous_server_seed', 'previous_server_seed_hash'],
  properties: { ...seedsSchema.properties, previous_server_seed: str, previous_server_seed_hash: str },
} as const;
const roundSchema = {
  type: 'object',
  required: ['round_id', 'game', 'engine', 'kind', 'mode', 'status', 'currency', 'stake', 'win', 'request', 'outcome', 'fairness', 'created_at', 'settled_at'],
  properties: {
    round_id: str,
    game: str,
    engine: str,
    kind: str,
    mode: str,
    status: str,
    currency: str,
    stake: int,
    win: int,
    balance: int,
    // Plain data from the engines in games/ (decision 0041): its shape is the engine's.
    request: { type: 'object', additionalProperties: true },
    outcome: { type: 'object', additionalProperties: true },
    fairness: {
      type: 'object',
      required: ['server_seed_hash', 'client_seed', 'nonce', 'server_seed'],
      properties: { server_seed_hash: str, client_seed: str, nonce: int, server_seed: { type: ['string', 'null'] } },
    },
    created_at: str,
    settled_at: { type: ['string', 'null'] },
  },
} as const;
const data = (schema: object) => ({ type: 'object', required: ['data'], properties: { data: schema } }) as const;
const modeQuery = { type: 'object', additionalProperties: false, properties: { mode: { type: 'string', enum: [...ROUND_MODES] } } } as const;
const demoWalletSchema = { type: 'object', required: ['balance', 'currency'], properties: { balance: int, currency: str } } as const;

export async function gameRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { games, catalog, accounts } = services;
  const { favourites, fairness, rounds, demoSessions, demoRounds } = games;
  const { signedIn, activePlayer } = playerGuards(app, accounts);

  /** The demo session the cookie names, or a new one whose cookie goes with the answer. */
  async function demoSession(request: FastifyRequest, reply: FastifyReply): Promise<DemoSession> {
    const { session, created } = await demoSessions.open(request.cookies[DEMO_COOKIE]);
    if (created) reply.setCookie(DEMO_COOKIE, session.id, { path: '/', httpOnly: true, secure: true, sameSite: 'strict' });
    return session;
  }

  /** Demo play is for guests too, but not for a signed-in player whose account is blocked. */
  async function refuseBlocked(request: FastifyRequest): Promise<void> {
    const token = presentedToken(request);
    if (token && (await accounts.authenticate(token))?.blocked) throw new Problem(423, 'Your account is blocked.', { type: 'blocked' });
  }

  /** Whose seeds: `?mode=real|demo`, by default the signed-in player's when a token is presented, else the demo session's. */
  async function seedOwner(request: FastifyRequest, reply: FastifyReply): Promise<{ playerId: number } | { session: DemoSession }> {
    const mode: RoundMode = (request.query as { mode?: RoundMode }).mode ?? (presentedToken(request) ? 'real' : 'demo');
    if (mode === 'demo') return { session: await demoSession(request, reply) };
    await signedIn(request);
    return { playerId: request.player!.id };
  }

  async function gameOr404(slug: string) {
    const game = SLUG_PATTERN.test(slug) ? await catalog.playableGame(slug) : null;
    if (!game) throw new Problem(404, 'No game with that slug.');
    return game;
  }

  // --- favourites (SPEC.md §5, §7, §8) ------------------------------------------------------------------
  const favouritesResponse = { 200: data({ type: 'array', items: gameSummarySchema }) };

  app.get('/api/player/favourite/games', { preHandler: activePlayer, schema: { response: favouritesResponse } }, async (request) => ({
    data: await favourites.list(request.player!.id),
  }));

  app.post(
    '/api/player/favourite/games/:gameId',
    { preHandler: activePlayer, schema: { params: { type: 'object', required: ['gameId'], properties: { gameId: str } }, response: favouritesResponse } },
    async (request) => {
      const { gameId } = request.params as { gameId: string };
      // Anything that is not a game's id names no game: 404 like an id that does not exist.
      if (!/^[1-9][0-9]{0,8}$/.test(gameId)) throw new Problem(404, 'No game with that id.');
      return { data: await favourites.toggle(request.player!.id, Number(gameId)) };
    },
  );

  // --- provably fair seeds ----------------------------------------------------------------------------------
  app.get('/api/fairness', { schema: { querystring: modeQuery, response: { 200: data(seedsSchema) } } }, async (request, reply) => {
    const owner = await seedOwner(request, reply);
    return { data: 'session' in owner ? demoSessions.seeds(owner.session) : await fairness.seeds(owner.playerId) };
  });

  app.put(
    '/api/fairness/client-seed',
    {
      schema: {
        querystring: modeQuery,
        body: { type: 'object', required: ['client_seed'], properties: { client_seed: str } },
        response: { 200: data(seedsSchema) },
      },
    },
    async (request, reply) => {
      const clientSeed = (request.body as { client_seed: string }).client_seed;
      if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
        throw invalid({ client_seed: ['The client seed must be 1 to 64 printable ASCII characters, not starting or ending with a space.'] });
      }
      const owner = await seedOwner(request, reply);
      return { data: 'session' in owner ? demoSessions.setClientSeed(owner.session, clientSeed) : await fairness.setClientSeed(owner.playerId, clientSeed) };
    },
  );

  app.post('/api/fairness/rotate', { schema: { querystring: modeQuery, response: { 200: data(rotationSchema) } } }, async (request, reply) => {
    const owner = await seedOwner(request, reply);
    return { data: 'session' in owner ? await demoSessions.rotate(owner.session) : await fairness.rotate(owner.playerId) };
  });

  // --- rounds -----------------------------------------------------------------------------------------------
  const slugParams = { type: 'object', required: ['slug'], properties: { slug: str } } as const;

  app.post(
    '/api/games/:slug/rounds',
    {
      schema: {
        params: slugParams,
        body: {
          type: 'object',
          required: ['mode'],
          properties: { mode: { type: 'string', enum: [...ROUND_MODES] }, stake: AMOUNT, bets: { type: 'array' } },
        },
        response: { 201: data(roundSchema) },
      },
    },
    async (request, reply) => {
      const game = await gameOr404((request.params as { slug: string }).slug);
      const { mode, ...input } = request.body as RoundInput & { mode: RoundMode };
      if (mode === 'real') {
        await activePlayer(request);
        const key = idempotencyKey(request, true);
        const prepared = prepareRound(game, input, games.currency);
        return reply.code(201).send({ data: await rounds.play(request.player!.id, game, prepared, key) });
      }
      await refuseBlocked(request);
      const key = idempotencyKey(request, false);
      const prepared = prepareRound(game, input, games.currency);
      return reply.code(201).send({ data: await demoRounds.play(await demoSession(request, reply), game, prepared, key) });
    },
  );

  app.post(
    '/api/games/:slug/rounds/:roundId/actions',
    {
      schema: {
        params: { type: 'object', required: ['slug', 'roundId'], properties: { slug: str, roundId: str } },
        body: { type: 'object', required: ['action'], properties: { action: { type: 'string', enum: [...BLACKJACK_MOVES] } } },
        response: { 200: data(roundSchema) },
      },
    },
    async (request) => {
      const { slug, roundId } = request.params as { slug: string; roundId: string };
      const { action } = request.body as { action: string };
      const game = await gameOr404(slug);
      const notFound = () => new Problem(404, 'No round with that id.');
      // A demo hand lives in the session the cookie names; any other round id is a real one.
      const session = demoSessions.find(request.cookies[DEMO_COOKIE]);
      const demoRound = session?.rounds.get(roundId);
      if (session && demoRound) {
        if (demoRound.game.slug !== game.slug) throw notFound();
        await refuseBlocked(request);
        return { data: demoRounds.act(session, roundId, action, idempotencyKey(request, false)) };
      }
      await activePlayer(request);
      const key = idempotencyKey(request, true);
      if (!UUID_PATTERN.test(roundId)) throw notFound();
      return { data: await rounds.act(request.player!.id, game, roundId, action, key) };
    },
  );

  app.get(
    '/api/player/rounds',
    {
      preHandler: signedIn,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            page: PAGE,
            per_page: PER_PAGE,
            game: { type: 'string', pattern: SLUG_PATTERN.source },
            status: { type: 'string', enum: [...ROUND_STATUSES] },
          },
        },
        response: { 200: { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: roundSchema }, meta: pageMetaSchema } } },
      },
    },
    async (request) => {
      const query = request.query as { page?: string; per_page?: string; game?: string; status?: RoundStatus };
      return rounds.history(request.player!.id, {
        page: Number(query.page ?? 1),
        perPage: Number(query.per_page ?? 20),
        game: query.game,
        status: query.status,
      });
    },
  );

  app.get(
    '/api/player/rounds/:id',
    { preHandler: signedIn, schema: { params: { type: 'object', required: ['id'], properties: { id: str } }, response: { 200: data(roundSchema) } } },
    async (request) => {
      const { id } = request.params as { id: string };
      const round = UUID_PATTERN.test(id) ? await rounds.round(request.player!.id, id) : null;
      if (!round) throw new Problem(404, 'No round with that id.');
      return { data: round };
    },
  );

  // --- demo wallet ------------------------------------------------------------------------------------------
  const demoWallet = (balance: number): { data: DemoWallet } => ({ data: { balance, currency: DEMO_CURRENCY } });

  app.get('/api/demo/wallet', { schema: { response: { 200: data(demoWalletSchema) } } }, async (request, reply) =>
    demoWallet((await demoSession(request, reply)).balance),
  );

  app.post('/api/demo/wallet/reset', { schema: { response: { 200: data(demoWalletSchema) } } }, async (request, reply) =>
    demoWallet(demoSessions.resetBalance(await demoSession(request, reply))),
  );
}
