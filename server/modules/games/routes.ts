import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CLIENT_SEED_PATTERN,
  clientSeedBodySchema,
  DEMO_CURRENCY,
  demoWalletSchema,
  fairnessSeedsSchema,
  favouriteParamsSchema,
  favouritesResponseSchema,
  modeQuerySchema,
  playedRoundSchema,
  gameRoundSchema,
  roundActionBodySchema,
  roundActionParamsSchema,
  roundBodySchema,
  roundIdParamsSchema,
  roundsPageSchema,
  roundsQuerySchema,
  seedRotationSchema,
  slugParamsSchema,
  type DemoWallet,
  type RoundMode,
} from '../../../contract/games.ts';
import { dataOf } from '../../../contract/http.ts';
import { presentedToken } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { DEMO_COOKIE, type DemoSession } from './demo-sessions.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function gameRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { games, accounts } = services;
  const { favourites, fairness, rounds, demoSessions, demoRounds } = games;
  const { signedIn, activePlayer } = playerGuards(fastify, accounts);

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
  async function seedOwner(
    request: FastifyRequest,
    reply: FastifyReply,
    asked: RoundMode | undefined,
  ): Promise<{ playerId: number } | { session: DemoSession }> {
    const mode: RoundMode = asked ?? (presentedToken(request) ? 'real' : 'demo');
    if (mode === 'demo') return { session: await demoSession(request, reply) };
    await signedIn(request);
    return { playerId: request.player!.id };
  }

  const gameOr404 = games.playableGame;

  // --- favourites (SPEC.md §5, §7, §8) ------------------------------------------------------------------
  const favouritesResponse = { 200: favouritesResponseSchema };

  app.get('/api/player/favourite/games', { preHandler: activePlayer, schema: { response: favouritesResponse } }, async (request) => ({
    data: await favourites.list(request.player!.id),
  }));

  app.post(
    '/api/player/favourite/games/:gameId',
    { preHandler: activePlayer, schema: { params: favouriteParamsSchema, response: favouritesResponse } },
    async (request) => {
      const { gameId } = request.params;
      // Anything that is not a game's id names no game: 404 like an id that does not exist.
      if (!/^[1-9][0-9]{0,8}$/.test(gameId)) throw new Problem(404, 'No game with that id.');
      return { data: await favourites.toggle(request.player!.id, Number(gameId)) };
    },
  );

  // --- provably fair seeds ----------------------------------------------------------------------------------
  app.get('/api/fairness', { schema: { querystring: modeQuerySchema, response: { 200: dataOf(fairnessSeedsSchema) } } }, async (request, reply) => {
    const owner = await seedOwner(request, reply, request.query.mode);
    return { data: 'session' in owner ? demoSessions.seeds(owner.session) : await fairness.seeds(owner.playerId) };
  });

  app.put(
    '/api/fairness/client-seed',
    {
      schema: {
        querystring: modeQuerySchema,
        body: clientSeedBodySchema,
        response: { 200: dataOf(fairnessSeedsSchema) },
      },
    },
    async (request, reply) => {
      const clientSeed = request.body.client_seed;
      if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
        throw invalid({ client_seed: ['The client seed must be 1 to 64 printable ASCII characters, not starting or ending with a space.'] });
      }
      const owner = await seedOwner(request, reply, request.query.mode);
      return { data: 'session' in owner ? demoSessions.setClientSeed(owner.session, clientSeed) : await fairness.setClientSeed(owner.playerId, clientSeed) };
    },
  );

  app.post('/api/fairness/rotate', { schema: { querystring: modeQuerySchema, response: { 200: dataOf(seedRotationSchema) } } }, async (request, reply) => {
    const owner = await seedOwner(request, reply, request.query.mode);
    return { data: 'session' in owner ? await demoSessions.rotate(owner.session) : await fairness.rotate(owner.playerId) };
  });

  // --- rounds -----------------------------------------------------------------------------------------------
  app.post(
    '/api/games/:slug/rounds',
    {
      schema: {
        params: slugParamsSchema,
        body: roundBodySchema,
        response: { 201: dataOf(playedRoundSchema) },
      },
    },
    async (request, reply) => {
      const played = await games.playRound(request.params.slug, request.body, {
        player: async () => {
          await activePlayer(request);
          return request.player!;
        },
        guest: () => refuseBlocked(request),
        key: (required) => (required ? idempotencyKey(request, true) : idempotencyKey(request, false)),
        demoSession: () => demoSession(request, reply),
      });
      return reply.code(201).send({ data: played });
    },
  );

  app.post(
    '/api/games/:slug/rounds/:roundId/actions',
    {
      schema: {
        params: roundActionParamsSchema,
        body: roundActionBodySchema,
        response: { 200: dataOf(playedRoundSchema) },
      },
    },
    async (request) => {
      const { slug, roundId } = request.params;
      // A mines pick names its tile; the round stores it as one move, `reveal:<tile>`.
      const { action: move, tile } = request.body;
      if (move === 'reveal' && tile === undefined) throw invalid({ tile: ['Choose a tile from 0 to 24.'] });
      const action = move === 'reveal' ? `reveal:${tile}` : move;
      // A move finishes a round already in progress, so it is taken even once an operator disabled the game.
      const game = await gameOr404(slug, { inProgress: true });
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
        querystring: roundsQuerySchema,
        response: { 200: roundsPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
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
    { preHandler: signedIn, schema: { params: roundIdParamsSchema, response: { 200: dataOf(gameRoundSchema) } } },
    async (request) => {
      const { id } = request.params;
      const round = UUID_PATTERN.test(id) ? await rounds.round(request.player!.id, id) : null;
      if (!round) throw new Problem(404, 'No round with that id.');
      return { data: round };
    },
  );

  // --- demo wallet ------------------------------------------------------------------------------------------
  const demoWallet = (balance: number): { data: DemoWallet } => ({ data: { balance, currency: DEMO_CURRENCY } });

  app.get('/api/demo/wallet', { schema: { response: { 200: dataOf(demoWalletSchema) } } }, async (request, reply) =>
    demoWallet((await demoSession(request, reply)).balance),
  );

  app.post('/api/demo/wallet/reset', { schema: { response: { 200: dataOf(demoWalletSchema) } } }, async (request, reply) =>
    demoWallet(demoSessions.resetBalance(await demoSession(request, reply))),
  );
}
