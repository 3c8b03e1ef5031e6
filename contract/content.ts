// The back office's promotions and static pages API (issue 18, docs/decisions/0084-admin-console.md).
// Imports nothing of ours outside contract/. The plain values are in content.rules.ts, which the console's bundles
// import instead of this file (no zod there), and are re-exported here.
import { z } from 'zod';
import { MARKDOWN_MAX, STATIC_PAGE_SLUGS } from './content.rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, matching, text } from './http.ts';

export * from './content.rules.ts';

export const pageSlugParamsSchema = z.object({ slug: z.enum(STATIC_PAGE_SLUGS) });
/** PUT /api/admin/pages/{slug}: the whole Markdown source, front matter (title, description) included. */
export const pageBodySchema = z.object({ markdown: text(MARKDOWN_MAX).min(1) });
/** POST /api/admin/pages/preview (and promotion bodies): Markdown in, the site's sanitised HTML out. */
export const markdownPreviewBodySchema = z.object({ markdown: text(MARKDOWN_MAX) });
export const markdownPreviewSchema = z.object({ title: z.string().nullable(), description: z.string().nullable(), html: z.string() });
export type MarkdownPreview = z.infer<typeof markdownPreviewSchema>;

/** A static page as operators see it: the Markdown the site shows, and whether it is theirs or the bundled file. */
export const adminPageSchema = z
  .object({
    slug: z.enum(STATIC_PAGE_SLUGS),
    markdown: z.string(),
    overridden: z.boolean(),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'AdminPage' });
export type AdminPage = z.infer<typeof adminPageSchema>;

export const PROMOTION_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const promotionIdParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,8}$/) });
const promotionFields = {
  title: text(120).min(1),
  subtitle: text(200),
  summary: text(500).min(1),
  body: text(MARKDOWN_MAX).min(1),
  badge: text(40),
  cta_label: text(40).min(1),
  sort_order: z.int().min(0).max(10_000),
  published: z.boolean(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
};
/** PUT /api/admin/promotions/{id}: any field; the slug (the promotion's address) stays. */
export const promotionPatchSchema = z.object(promotionFields).partial();
export type PromotionPatch = z.infer<typeof promotionPatchSchema>;
/** POST /api/admin/promotions. */
export const promotionBodySchema = promotionPatchSchema.extend({
  slug: matching(PROMOTION_SLUG_PATTERN),
  title: promotionFields.title,
  summary: promotionFields.summary,
  body: promotionFields.body,
});
export type PromotionInput = z.infer<typeof promotionBodySchema>;

export const adminPromotionSchema = z
  .object({
    id: z.int(),
    slug: z.string(),
    title: z.string(),
    subtitle: z.string(),
    summary: z.string(),
    body: z.string(),
    badge: z.string(),
    cta_label: z.string(),
    sort_order: z.int(),
    published: z.boolean(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'AdminPromotion' });
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const contentEndpoints = {
  promotions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/promotions',
    responses: { 200: dataOf(z.array(adminPromotionSchema)) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'Every promotion',
    operationId: 'listPromotions',
  }),
  createPromotion: defineEndpoint({
    method: 'POST',
    path: '/api/admin/promotions',
    body: promotionBodySchema,
    responses: { 201: dataOf(adminPromotionSchema) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'Create a promotion',
    operationId: 'createPromotion',
  }),
  updatePromotion: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/promotions/:id',
    params: promotionIdParamsSchema,
    body: promotionPatchSchema,
    responses: { 200: dataOf(adminPromotionSchema) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'Change a promotion',
    operationId: 'updatePromotion',
  }),
  pages: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pages',
    responses: { 200: dataOf(z.array(adminPageSchema)) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'Every static page, bundled or overridden',
    operationId: 'listStaticPages',
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pages/:slug',
    params: pageSlugParamsSchema,
    responses: { 200: dataOf(adminPageSchema) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'One static page',
    operationId: 'getStaticPage',
  }),
  savePage: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/pages/:slug',
    params: pageSlugParamsSchema,
    body: pageBodySchema,
    responses: { 200: dataOf(adminPageSchema) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'Override a static page',
    operationId: 'saveStaticPage',
  }),
  resetPage: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/pages/:slug',
    params: pageSlugParamsSchema,
    responses: { 200: dataOf(adminPageSchema) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'Put a static page back to its bundled text',
    operationId: 'resetStaticPage',
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pages/preview',
    body: markdownPreviewBodySchema,
    responses: { 200: dataOf(markdownPreviewSchema) },
    auth: 'operator',
    permission: 'content.manage',
    summary: 'Preview Markdown as the player pages render it',
    operationId: 'previewMarkdown',
  }),
};
