import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type adminPromotionSchema, contentEndpoints as endpoints, pageSlugParamsSchema } from '../../../contract/content.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { renderPage } from './markdown.ts';

// The back office's promotions and static pages (issue 18, docs/decisions/0084-admin-console.md). Every route
// needs `content.manage`; every change commits with its audit row (before and after) in one transaction.

/** What the audit log keeps of a promotion: every field but the long body, whose length stands in for it. */
const promotionTrail = ({ body, ...rest }: z.infer<typeof adminPromotionSchema>) => ({ ...rest, body_length: body.length });

export async function contentRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { content, accounts, operators } = services;
  const { audit } = operators;
  // Every endpoint demands `content.manage` (contract/content.ts).
  const app = endpointApp(fastify, { accounts, operators });
  // The player pages keep running promotions and page overrides a few seconds: every node forgets them at once.
  const published = () => services.cacheBus.changed('content');

  // --- promotions ------------------------------------------------------------------------------------------
  route(app, endpoints.promotions, async () => ({ data: await content.allPromotions() }));

  route(app, endpoints.createPromotion, async ({ staff, body }) => {
    const created = await audit.audited(
      (tx) => content.createPromotion(body, tx),
      (after) => ({ staffId: staff.id, action: 'promotion.create', subject: `promotion:${after.id}`, after: promotionTrail(after) }),
    );
    if (!created) throw new Problem(409, 'A promotion with that slug already exists.');
    await published();
    return { data: created };
  });

  route(app, endpoints.updatePromotion, async ({ staff, params, body }) => {
    const id = Number(params.id);
    const changed = await audit.audited(
      async (tx) => {
        const before = await content.adminPromotion(id, tx);
        const after = before && (await content.updatePromotion(id, body, tx));
        return before && after ? { before, after } : null;
      },
      ({ before, after }) => ({
        staffId: staff.id,
        action: 'promotion.update',
        subject: `promotion:${id}`,
        before: promotionTrail(before),
        after: promotionTrail(after),
      }),
    );
    if (!changed) throw new Problem(404, 'No promotion with that id.');
    await published();
    return { data: changed.after };
  });

  // --- static pages ----------------------------------------------------------------------------------------
  route(app, endpoints.pages, async () => ({
    data: await Promise.all(pageSlugParamsSchema.shape.slug.options.map((slug) => content.adminPage(slug))),
  }));

  route(app, endpoints.page, async ({ params }) => ({ data: await content.adminPage(params.slug) }));

  route(app, endpoints.savePage, async ({ staff, params: { slug }, body }) => {
    const saved = await audit.audited(
      async (tx) => ({ before: await content.adminPage(slug, tx), after: await content.savePage(slug, body.markdown, staff.id, tx) }),
      ({ before, after }) => ({
        staffId: staff.id,
        action: 'page.update',
        subject: `page:${slug}`,
        before: { overridden: before.overridden, markdown: before.markdown },
        after: { overridden: true, markdown: after.markdown },
      }),
    );
    await published();
    return { data: saved!.after };
  });

  // Back to the bundled file: the override row goes, and the audit log keeps what it said.
  route(app, endpoints.resetPage, async ({ staff, params: { slug } }) => {
    const reset = await audit.audited(
      async (tx) => {
        const before = await content.adminPage(slug, tx);
        return before.overridden && (await content.resetPage(slug, tx)) ? { before, after: await content.adminPage(slug, tx) } : null;
      },
      ({ before }) => ({
        staffId: staff.id,
        action: 'page.reset',
        subject: `page:${slug}`,
        before: { overridden: true, markdown: before.markdown },
        after: { overridden: false },
      }),
    );
    if (reset) await published();
    return { data: reset?.after ?? (await content.adminPage(slug)) };
  });

  // The preview of a page or a promotion body: the very renderer and sanitiser the player pages use. Changes nothing.
  route(app, endpoints.preview, ({ body }) => ({ data: renderPage(body.markdown) }));
}
