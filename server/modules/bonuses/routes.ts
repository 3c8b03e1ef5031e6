import { staffGuards } from '../../http/operator-guard.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBonusDefinitionSchema,
  adminPlayerParamsSchema,
  bonusDefinitionBodySchema,
  bonusDefinitionPatchSchema,
  bonusDefinitionSchema,
  bonusOfferSchema,
  type BonusDefinition,
  bonusSlugParamsSchema,
  grantBodySchema,
  playerBonusIdParamsSchema,
  playerBonusSchema,
} from '../../../contract/bonuses.ts';
import { dataOf } from '../../../contract/http.ts';
import { presentedToken } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// The bonuses API (docs/decisions/0050-bonus-engine.md): offers for everyone, a player's claims and bonuses,
// and the operators' definitions and grants.

/** What the audit log keeps of a definition: its fields, not the terms text made from them. */
const definitionTrail = ({ terms_text: _text, ...fields }: BonusDefinition) => fields;

export async function bonusRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { bonuses, accounts } = services;
  const { signedIn, activePlayer } = playerGuards(fastify, accounts);

  const { requirePermission } = staffGuards(services.operators);
  const { audit } = services.operators;

  async function playerExists(id: string): Promise<number> {
    const playerId = Number(id);
    if (!(await accounts.playerExists(playerId))) throw new Problem(404, 'No player with that id.');
    return playerId;
  }

  // --- players ---------------------------------------------------------------------------------------------
  app.get('/api/bonuses', { schema: { response: { 200: dataOf(z.array(bonusOfferSchema)) } } }, async (request) => {
    // Signed in, the offers carry the player's eligibility; a guest (or a stale token) sees them plain.
    const player = presentedToken(request) ? await accounts.authenticate(presentedToken(request)) : null;
    return { data: await bonuses.offers(player && !player.blocked ? player.id : null) };
  });

  app.get('/api/bonuses/:slug', { schema: { params: bonusSlugParamsSchema, response: { 200: dataOf(bonusOfferSchema) } } }, async (request) => {
    const player = presentedToken(request) ? await accounts.authenticate(presentedToken(request)) : null;
    const offer = await bonuses.offer(player && !player.blocked ? player.id : null, request.params.slug);
    if (!offer) throw new Problem(400, 'There is no such bonus.', { type: 'bonus' });
    return { data: offer };
  });

  app.post(
    '/api/player/bonuses/:slug/claim',
    { preHandler: activePlayer, schema: { params: bonusSlugParamsSchema, response: { 201: dataOf(playerBonusSchema) } } },
    async (request, reply) => {
      const key = idempotencyKey(request, true);
      return reply.code(201).send({ data: await bonuses.claim(request.player!.id, request.params.slug, key) });
    },
  );

  app.get('/api/player/bonuses', { preHandler: signedIn, schema: { response: { 200: dataOf(z.array(playerBonusSchema)) } } }, async (request) => ({
    data: await bonuses.list(request.player!.id),
  }));

  app.post(
    '/api/player/bonuses/:id/cancel',
    { preHandler: signedIn, schema: { params: playerBonusIdParamsSchema, response: { 200: dataOf(playerBonusSchema) } } },
    async (request) => ({ data: await bonuses.cancel(request.player!.id, request.params.id) }),
  );

  // --- operators -------------------------------------------------------------------------------------------
  app.get(
    '/api/admin/bonuses',
    { preHandler: requirePermission('bonuses.manage'), schema: { response: { 200: dataOf(z.array(adminBonusDefinitionSchema)) } } },
    async () => ({
      data: await bonuses.allDefinitions(),
    }),
  );

  // A definition's changes (retiring included: `retired: true`) commit with their audit row, before and after.
  app.post(
    '/api/admin/bonuses',
    { preHandler: requirePermission('bonuses.manage'), schema: { body: bonusDefinitionBodySchema, response: { 201: dataOf(bonusDefinitionSchema) } } },
    async (request, reply) => {
      const created = await audit.audited(
        (tx) => bonuses.createDefinition(request.body, tx),
        (after) => ({ staffId: request.operator!.id, action: 'bonus.create', subject: `bonus:${after.slug}`, after: definitionTrail(after) }),
      );
      return reply.code(201).send({ data: created! });
    },
  );

  app.put(
    '/api/admin/bonuses/:slug',
    {
      preHandler: requirePermission('bonuses.manage'),
      schema: { params: bonusSlugParamsSchema, body: bonusDefinitionPatchSchema, response: { 200: dataOf(bonusDefinitionSchema) } },
    },
    async (request) => {
      const { slug } = request.params;
      const changed = await audit.audited(
        async (tx) => {
          const before = await bonuses.definition(slug, tx);
          return before && { before, after: await bonuses.updateDefinition(slug, request.body, tx) };
        },
        ({ before, after }) => ({
          staffId: request.operator!.id,
          action: before.retired === after.retired ? 'bonus.update' : after.retired ? 'bonus.retire' : 'bonus.unretire',
          subject: `bonus:${slug}`,
          before: definitionTrail(before),
          after: definitionTrail(after),
        }),
      );
      if (!changed) throw new Problem(404, 'No bonus with that slug.');
      return { data: changed.after };
    },
  );

  app.post(
    '/api/admin/players/:id/bonuses',
    {
      preHandler: requirePermission('bonuses.manage'),
      schema: { params: adminPlayerParamsSchema, body: grantBodySchema, response: { 201: dataOf(playerBonusSchema) } },
    },
    async (request, reply) => {
      const playerId = await playerExists(request.params.id);
      const bonus = await bonuses.grantByOperator(playerId, request.body.slug);
      // Who granted what (issue 18). Recorded right after the grant commits: the grant's ledger work has no outer
      // transaction to share yet (docs/decisions/0084-admin-console.md).
      await services.operators.audit.record({
        staffId: request.operator!.id,
        action: 'player.bonus.grant',
        playerId,
        subject: `player:${playerId}`,
        after: { bonus_id: bonus.id, slug: bonus.slug, amount: bonus.amount, status: bonus.status },
      });
      return reply.code(201).send({ data: bonus });
    },
  );

  app.get(
    '/api/admin/players/:id/bonuses',
    { preHandler: requirePermission('players.read'), schema: { params: adminPlayerParamsSchema, response: { 200: dataOf(z.array(playerBonusSchema)) } } },
    async (request) => ({ data: await bonuses.list(await playerExists(request.params.id)) }),
  );
}
