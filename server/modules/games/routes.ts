import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_SEED_PATTERN, DEMO_CURRENCY, type DemoWallet, gameEndpoints as endpoints, type RoundMode } from '../../../contract/games.ts';
import { presentedToken } from '../../http/auth.ts';
import { type EndpointContext, endpointApp, route } from '../../http/endpoints.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { DEMO_COOKIE, type DemoSession } from './demo-sessions.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function gameRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { games, accounts } = services;
  const { favourites, fairness, rounds, demoSessions, demoRounds } = games;
  const app = endpointApp(fastify, { accounts });

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
    { request, reply, requirePlayer }: Pick<EndpointContext<typeof endpoints.seeds>, 'request' | 'reply' | 'requirePlayer'>,
    asked: RoundMode | undefined,
  ): Promise<{ playerId: number } | { session: DemoSession }> {
    const mode: RoundMode = asked ?? (presentedToken(request) ? 'real' : 'demo');
    if (mode === 'demo') return { session: await demoSession(request, reply) };
    return { playerId: (await requirePlayer('signed-in')).id };
  }

  const gameOr404 = games.playableGame;

  // --- favourites (SPEC.md §5, §7, §8) ------------------------------------------------------------------
  route(app, endpoints.favourites, async ({ player }) => ({ data: await favourites.list(player.id) }));

  route(app, endpoints.toggleFavourite, async ({ player, params: { gameId } }) => {
    // Anything that is not a game's id names no game: 404 like an id that does not exist.
    if (!/^[1-9][0-9]{0,8}$/.test(gameId)) throw new Problem(404, 'No game with that id.');
    return { data: await favourites.toggle(player.id, Number(gameId)) };
  });

  // --- provably fair seeds ----------------------------------------------------------------------------------
  route(app, endpoints.seeds, async (context) => {
    const owner = await seedOwner(context, context.query.mode);
    return { data: 'session' in owner ? demoSessions.seeds(owner.session) : await fairness.seeds(owner.playerId) };
  });

  route(app, endpoints.setClientSeed, async (context) => {
    const clientSeed = context.body.client_seed;
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
      throw invalid({ client_seed: ['The client seed must be 1 to 64 printable ASCII characters, not starting or ending with a space.'] });
    }
    const owner = await seedOwner(context, context.query.mode);
    return { data: 'session' in owner ? demoSessions.setClientSeed(owner.session, clientSeed) : await fairness.setClientSeed(owner.playerId, clientSeed) };
  });

  route(app, endpoints.rotateSeeds, async (context) => {
    const owner = await seedOwner(context, context.query.mode);
    return { data: 'session' in owner ? await demoSessions.rotate(owner.session) : await fairness.rotate(owner.playerId) };
  });

  // --- rounds -----------------------------------------------------------------------------------------------
  route(app, endpoints.play, async ({ request, reply, params, body, requirePlayer }) => {
    const played = await games.playRound(params.slug, body, {
      player: () => requirePlayer('active'),
      guest: () => refuseBlocked(request),
      key: (required) => (required ? idempotencyKey(request, true) : idempotencyKey(request, false)),
      demoSession: () => demoSession(request, reply),
    });
    return { data: played };
  });

  route(app, endpoints.act, async ({ request, params: { slug, roundId }, body, requirePlayer }) => {
    // A mines pick names its tile; the round stores it as one move, `reveal:<tile>`.
    const { action: move, tile } = body;
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
    const player = await requirePlayer('active');
    const key = idempotencyKey(request, true);
    if (!UUID_PATTERN.test(roundId)) throw notFound();
    return { data: await rounds.act(player.id, game, roundId, action, key) };
  });

  route(app, endpoints.rounds, ({ player, query }) =>
    rounds.history(player.id, { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20), game: query.game, status: query.status }),
  );

  route(app, endpoints.round, async ({ player, params: { id } }) => {
    const round = UUID_PATTERN.test(id) ? await rounds.round(player.id, id) : null;
    if (!round) throw new Problem(404, 'No round with that id.');
    return { data: round };
  });

  // --- demo wallet ------------------------------------------------------------------------------------------
  const demoWallet = (balance: number): { data: DemoWallet } => ({ data: { balance, currency: DEMO_CURRENCY } });

  route(app, endpoints.demoWallet, async ({ request, reply }) => demoWallet((await demoSession(request, reply)).balance));

  route(app, endpoints.resetDemoWallet, async ({ request, reply }) => demoWallet(demoSessions.resetBalance(await demoSession(request, reply))));
}
