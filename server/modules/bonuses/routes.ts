import type { FastifyInstance } from 'fastify';
import { bonusEndpoints as endpoints, type BonusDefinition } from '../../../contract/bonuses.ts';
import { presentedToken } from '../../http/auth.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// The bonuses API (docs/decisions/0050-bonus-engine.md): offers for everyone, a player's claims and bonuses,
// and the operators' definitions and grants.

/** What the audit log keeps of a definition: its fields, not the terms text made from them. */
const definitionTrail = ({ terms_text: _text, ...fields }: BonusDefinition) => fields;

export async function bonusRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { bonuses, accounts, operators } = services;
  const app = endpointApp(fastify, { accounts, operators });
  const { audit } = operators;

  async function playerExists(id: string): Promise<number> {
    const playerId = Number(id);
    if (!(await accounts.playerExists(playerId))) throw new Problem(404, 'No player with that id.');
    return playerId;
  }

  // --- players ---------------------------------------------------------------------------------------------
  route(app, endpoints.offers, async ({ request }) => {
    // Signed in, the offers carry the player's eligibility; a guest (or a stale token) sees them plain.
    const player = presentedToken(request) ? await accounts.authenticate(presentedToken(request)) : null;
    return { data: await bonuses.offers(player && !player.blocked ? player.id : null) };
  });

  route(app, endpoints.offer, async ({ request, params }) => {
    const player = presentedToken(request) ? await accounts.authenticate(presentedToken(request)) : null;
    const offer = await bonuses.offer(player && !player.blocked ? player.id : null, params.slug);
    if (!offer) throw new Problem(400, 'There is no such bonus.', { type: 'bonus' });
    return { data: offer };
  });

  route(app, endpoints.claim, async ({ player, params, idempotencyKey }) => ({ data: await bonuses.claim(player.id, params.slug, idempotencyKey) }));
  route(app, endpoints.mine, async ({ player }) => ({ data: await bonuses.list(player.id) }));
  route(app, endpoints.cancel, async ({ player, params }) => ({ data: await bonuses.cancel(player.id, params.id) }));

  // --- operators -------------------------------------------------------------------------------------------
  route(app, endpoints.definitions, async () => ({ data: await bonuses.allDefinitions() }));

  // A definition's changes (retiring included: `retired: true`) commit with their audit row, before and after.
  route(app, endpoints.create, async ({ staff, body }) => {
    const created = await audit.audited(
      (tx) => bonuses.createDefinition(body, tx),
      (after) => ({ staffId: staff.id, action: 'bonus.create', subject: `bonus:${after.slug}`, after: definitionTrail(after) }),
    );
    return { data: created! };
  });

  route(app, endpoints.update, async ({ staff, params: { slug }, body }) => {
    const changed = await audit.audited(
      async (tx) => {
        const before = await bonuses.definition(slug, tx);
        return before && { before, after: await bonuses.updateDefinition(slug, body, tx) };
      },
      ({ before, after }) => ({
        staffId: staff.id,
        action: before.retired === after.retired ? 'bonus.update' : after.retired ? 'bonus.retire' : 'bonus.unretire',
        subject: `bonus:${slug}`,
        before: definitionTrail(before),
        after: definitionTrail(after),
      }),
    );
    if (!changed) throw new Problem(404, 'No bonus with that slug.');
    return { data: changed.after };
  });

  route(app, endpoints.grant, async ({ staff, params, body }) => {
    const playerId = await playerExists(params.id);
    const bonus = await bonuses.grantByOperator(playerId, body.slug);
    // Who granted what (issue 18). Recorded right after the grant commits: the grant's ledger work has no outer
    // transaction to share yet (docs/decisions/0084-admin-console.md).
    await audit.record({
      staffId: staff.id,
      action: 'player.bonus.grant',
      playerId,
      subject: `player:${playerId}`,
      after: { bonus_id: bonus.id, slug: bonus.slug, amount: bonus.amount, status: bonus.status },
    });
    return { data: bonus };
  });

  route(app, endpoints.playerBonuses, async ({ params }) => ({ data: await bonuses.list(await playerExists(params.id)) }));
}
