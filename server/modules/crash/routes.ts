import type { FastifyInstance } from 'fastify';
import { crashEndpoints as endpoints } from '../../../contract/crash.ts';
import { presentedToken } from '../../http/auth.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// The crash table (docs/decisions/0071-crash.md): the round now and the last ones for everyone; bets and cash-outs
// for active players, with an Idempotency-Key like every money route.
export async function crashRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { crash, accounts } = services;
  const app = endpointApp(fastify, { accounts });

  route(app, endpoints.state, async ({ request }) => {
    // A guest sees the table; a signed-in player also sees their own bet.
    const token = presentedToken(request);
    const player = token ? await accounts.authenticate(token) : null;
    return { data: await crash.state(player ? Number(player.id) : null) };
  });

  route(app, endpoints.game, async ({ params: { id } }) => {
    const game = /^[1-9][0-9]{0,14}$/.test(id) ? await crash.game(Number(id)) : null;
    if (!game) throw new Problem(404, 'No crash round with that id.');
    return { data: game };
  });

  route(app, endpoints.bet, async ({ player, body: { stake, auto_cashout }, idempotencyKey: key }) => ({
    data: await crash.placeBet(Number(player.id), { stake, autoCashout: auto_cashout ?? null }, key),
  }));

  // The bet's own key (`crash:{bet}:win`) makes a repeated cash-out pay once; the header is still required.
  route(app, endpoints.cashOut, async ({ player }) => ({ data: await crash.cashOut(Number(player.id)) }));

  // The player's own bets, newest first: crash rounds are the table's, so they have their own list beside the
  // other games' rounds (GET /api/player/rounds).
  route(app, endpoints.bets, ({ player, query }) => crash.betsOf(Number(player.id), { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) }));
}
