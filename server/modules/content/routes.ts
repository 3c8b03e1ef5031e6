import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPageSchema,
  adminPromotionSchema,
  markdownPreviewBodySchema,
  markdownPreviewSchema,
  pageBodySchema,
  pageSlugParamsSchema,
  promotionBodySchema,
  promotionIdParamsSchema,
  promotionPatchSchema,
} from '../../../contract/content.ts';
import { dataOf } from '../../../contract/http.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { renderPage } from './markdown.ts';

// The back office's promotions and static pages (issue 18, docs/decisions/0084-admin-console.md). Every route
// needs `content.manage`; every change commits with its audit row (before and after) in one transaction.

/** What the audit log keeps of a promotion: every field but the long body, whose length stands in for it. */
const promotionTrail = ({ body, ...rest }: z.infer<typeof adminPromotionSchema>) => ({ ...rest, body_length: body.length });

export async function contentRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { content } = services;
  const { audit } = services.operators;
  const { requirePermission } = staffGuards(services.operators);
  const manage = requirePermission('content.manage');
  // The player pages keep running promotions and page overrides a few seconds: every node forgets them at once.
  const published = () => services.cacheBus.changed('content');

  // --- promotions ------------------------------------------------------------------------------------------
  app.get('/api/admin/promotions', { preHandler: manage, schema: { response: { 200: dataOf(z.array(adminPromotionSchema)) } } }, async () => ({
    data: await content.allPromotions(),
  }));

  app.post(
    '/api/admin/promotions',
    { preHandler: manage, schema: { body: promotionBodySchema, response: { 201: dataOf(adminPromotionSchema) } } },
    async (request, reply) => {
      const created = await audit.audited(
        (tx) => content.createPromotion(request.body, tx),
        (after) => ({ staffId: request.operator!.id, action: 'promotion.create', subject: `promotion:${after.id}`, after: promotionTrail(after) }),
      );
      if (!created) throw new Problem(409, 'A promotion with that slug already exists.');
      await published();
      return reply.code(201).send({ data: created });
    },
  );

  app.put(
    '/api/admin/promotions/:id',
    { preHandler: manage, schema: { params: promotionIdParamsSchema, body: promotionPatchSchema, response: { 200: dataOf(adminPromotionSchema) } } },
    async (request) => {
      const id = Number(request.params.id);
      const changed = await audit.audited(
        async (tx) => {
          const before = await content.adminPromotion(id, tx);
          const after = before && (await content.updatePromotion(id, request.body, tx));
          return before && after ? { before, after } : null;
        },
        ({ before, after }) => ({
          staffId: request.operator!.id,
          action: 'promotion.update',
          subject: `promotion:${id}`,
          before: promotionTrail(before),
          after: promotionTrail(after),
        }),
      );
      if (!changed) throw new Problem(404, 'No promotion with that id.');
      await published();
      return { data: changed.after };
    },
  );

  // --- static pages ----------------------------------------------------------------------------------------
  app.get('/api/admin/pages', { preHandler: manage, schema: { response: { 200: dataOf(z.array(adminPageSchema)) } } }, async () => ({
    data: await Promise.all(pageSlugParamsSchema.shape.slug.options.map((slug) => content.adminPage(slug))),
  }));

  app.get(
    '/api/admin/pages/:slug',
    { preHandler: manage, schema: { params: pageSlugParamsSchema, response: { 200: dataOf(adminPageSchema) } } },
    async (request) => ({ data: await content.adminPage(request.params.slug) }),
  );

  app.put(
    '/api/admin/pages/:slug',
    { preHandler: manage, schema: { params: pageSlugParamsSchema, body: pageBodySchema, response: { 200: dataOf(adminPageSchema) } } },
    async (request) => {
      const { slug } = request.params;
      const saved = await audit.audited(
        async (tx) => ({ before: await content.adminPage(slug, tx), after: await content.savePage(slug, request.body.markdown, request.operator!.id, tx) }),
        ({ before, after }) => ({
          staffId: request.operator!.id,
          action: 'page.update',
          subject: `page:${slug}`,
          before: { overridden: before.overridden, markdown: before.markdown },
          after: { overridden: true, markdown: after.markdown },
        }),
      );
      await published();
      return { data: saved!.after };
    },
  );

  // Back to the bundled file: the override row goes, and the audit log keeps what it said.
  app.delete(
    '/api/admin/pages/:slug',
    { preHandler: manage, schema: { params: pageSlugParamsSchema, response: { 200: dataOf(adminPageSchema) } } },
    async (request) => {
      const { slug } = request.params;
      const reset = await audit.audited(
        async (tx) => {
          const before = await content.adminPage(slug, tx);
          return before.overridden && (await content.resetPage(slug, tx)) ? { before, after: await content.adminPage(slug, tx) } : null;
        },
        ({ before }) => ({
          staffId: request.operator!.id,
          action: 'page.reset',
          subject: `page:${slug}`,
          before: { overridden: true, markdown: before.markdown },
          after: { overridden: false },
        }),
      );
      if (reset) await published();
      return { data: reset?.after ?? (await content.adminPage(slug)) };
    },
  );

  // The preview of a page or a promotion body: the very renderer and sanitiser the player pages use. Changes nothing.
  app.post(
    '/api/admin/pages/preview',
    { preHandler: manage, schema: { body: markdownPreviewBodySchema, response: { 200: dataOf(markdownPreviewSchema) } } },
    async (request) => ({ data: renderPage(request.body.markdown) }),
  );
}
