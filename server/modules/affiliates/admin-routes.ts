import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAffiliateDetailSchema,
  adminAffiliateSchema,
  adminAffiliatesPageSchema,
  adminAffiliatesQuerySchema,
  adminPayoutsPageSchema,
  adminPayoutsQuerySchema,
  adminStatementsPageSchema,
  adminStatementsQuerySchema,
  affiliatePlanBodySchema,
  affiliateStatusBodySchema,
  attributionFlagsBodySchema,
  correctionBodySchema,
  creativeSchema,
  idParamsSchema,
  pageQuerySchema,
  payoutSchema,
  planBodySchema,
  planPatchBodySchema,
  planSchema,
  playerAffiliateSchema,
  postbackLogSchema,
  reasonBodySchema,
  signInLinkSchema,
  statementSchema,
} from '../../../contract/affiliates.ts';
import { dataOf } from '../../../contract/http.ts';
import { validatorCompiler } from '../../http/errors.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { AffiliateRow } from './accounts.ts';
import { MAX_CREATIVE_BYTES } from './creatives.ts';

const creativeFieldsSchema = z.object({
  name: z.string().trim().min(2, 'The name must be at least 2 characters.').max(80, 'The name may not be greater than 80 characters.'),
  landing_path: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/, 'The landing page must be a path on this site, starting with /.')
    .optional(),
  file: z.literal(true, { error: 'Please choose an image to upload.' }),
});
// The multipart body is read by the handler, after the guards (as the verification uploads are).
const bodyReadByHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * The operators' affiliate API (docs/affiliates-api.md): `affiliates.read` sees, `affiliates.manage` (marketing)
 * approves, plans, links and creatives, `affiliates.pay` (finance) approves statements and pays. Every change is audited.
 */
export async function adminAffiliateRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { affiliates } = services;
  app.decorateRequest('operator', null);
  await fastify.register(multipart, { limits: { fileSize: MAX_CREATIVE_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 50 } });
  const { requirePermission } = staffGuards(services.operators);
  const read = requirePermission('affiliates.read');
  const manage = requirePermission('affiliates.manage');
  const pay = requirePermission('affiliates.pay');
  const staffId = (request: { operator: { id: number } | null }) => request.operator!.id;
  const pageOf = (query: { page?: string; per_page?: string }) => ({ page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) });

  async function adminViews(rows: AffiliateRow[]) {
    const counts = await affiliates.tracking.countsFor(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => ({ ...(await affiliates.accounts.viewOf(row)), ...(counts.get(row.id) ?? { links: 0, registrations: 0, ftds: 0 }) })),
    );
  }
  const adminView = async (row: AffiliateRow) => (await adminViews([row]))[0]!;

  app.get(
    '/api/admin/affiliates',
    { preHandler: read, schema: { querystring: adminAffiliatesQuerySchema, response: { 200: adminAffiliatesPageSchema } } },
    async (request) => {
      const { rows, meta } = await affiliates.accounts.list(request.query.status, pageOf(request.query));
      return { data: await adminViews(rows), meta };
    },
  );
  app.get(
    '/api/admin/affiliates/:id',
    { preHandler: read, schema: { params: idParamsSchema, response: { 200: dataOf(adminAffiliateDetailSchema) } } },
    async (request) => {
      const row = await affiliates.accounts.byId(Number(request.params.id));
      return { data: { ...(await adminView(row)), links_list: await affiliates.tracking.linkViews(row.id) } };
    },
  );
  app.post(
    '/api/admin/affiliates/:id/status',
    { preHandler: manage, schema: { params: idParamsSchema, body: affiliateStatusBodySchema, response: { 200: dataOf(adminAffiliateSchema) } } },
    async (request) => {
      const row = await affiliates.accounts.setStatus(staffId(request), Number(request.params.id), request.body.status, request.body.reason);
      return { data: await adminView(row) };
    },
  );
  app.put(
    '/api/admin/affiliates/:id/plan',
    { preHandler: manage, schema: { params: idParamsSchema, body: affiliatePlanBodySchema, response: { 200: dataOf(adminAffiliateSchema) } } },
    async (request) => {
      const planId = request.body.plan_id === null ? null : Number(request.body.plan_id);
      const row = await affiliates.accounts.setPlan(staffId(request), Number(request.params.id), planId, request.body.reason);
      return { data: await adminView(row) };
    },
  );
  app.post(
    '/api/admin/affiliates/:id/sign-in-link',
    { preHandler: manage, schema: { params: idParamsSchema, body: reasonBodySchema, response: { 200: dataOf(signInLinkSchema) } } },
    async (request) => ({
      data: await affiliates.accounts.issueSignInLink(staffId(request), Number(request.params.id), request.body.reason, services.config.publicUrl),
    }),
  );
  app.get(
    '/api/admin/affiliates/:id/postbacks',
    { preHandler: read, schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: postbackLogSchema } } },
    async (request) => {
      const row = await affiliates.accounts.byId(Number(request.params.id));
      return affiliates.postbacks.log(row.id, pageOf(request.query));
    },
  );

  // --- plans ----------------------------------------------------------------------------------------------
  app.get('/api/admin/affiliate-plans', { preHandler: read, schema: { response: { 200: dataOf(z.array(planSchema)) } } }, async () => ({
    data: await affiliates.plans.list(),
  }));
  app.post(
    '/api/admin/affiliate-plans',
    { preHandler: manage, schema: { body: planBodySchema, response: { 201: dataOf(planSchema) } } },
    async (request, reply) => reply.code(201).send({ data: await affiliates.plans.create(staffId(request), request.body) }),
  );
  app.patch(
    '/api/admin/affiliate-plans/:id',
    { preHandler: manage, schema: { params: idParamsSchema, body: planPatchBodySchema, response: { 200: dataOf(planSchema) } } },
    async (request) => ({ data: await affiliates.plans.update(staffId(request), Number(request.params.id), request.body) }),
  );

  // --- creatives ------------------------------------------------------------------------------------------
  app.get('/api/admin/affiliate-creatives', { preHandler: read, schema: { response: { 200: dataOf(z.array(creativeSchema)) } } }, async () => ({
    data: await affiliates.creatives.list(),
  }));
  app.post(
    '/api/admin/affiliate-creatives',
    {
      preHandler: manage,
      validatorCompiler: bodyReadByHandler,
      schema: { consumes: ['multipart/form-data'], body: creativeFieldsSchema, response: { 201: dataOf(creativeSchema) } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new Problem(415, 'Please send the image as multipart/form-data.');
      const fields: Record<string, string> = {};
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || bytes) throw invalid({ file: ['Send one image, in the file field.'] });
            bytes = await part.toBuffer();
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        if (error instanceof Problem) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new Problem(413, 'The image may not be larger than 1 MB.');
        throw new Problem(400, 'The upload could not be read. Please try again.');
      }
      const parsed = creativeFieldsSchema.safeParse({ ...fields, file: bytes ? true : undefined });
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'file')] ??= []).push(issue.message);
        throw invalid(errors);
      }
      const made = await affiliates.creatives.upload(staffId(request), { name: parsed.data.name, landingPath: parsed.data.landing_path ?? '/', bytes: bytes! });
      return reply.code(201).send({ data: made });
    },
  );
  app.delete('/api/admin/affiliate-creatives/:id', { preHandler: manage, schema: { params: idParamsSchema } }, async (request, reply) => {
    await affiliates.creatives.remove(staffId(request), Number(request.params.id));
    return reply.code(204).send();
  });

  // --- statements and payouts -----------------------------------------------------------------------------
  app.get(
    '/api/admin/affiliate-statements',
    { preHandler: read, schema: { querystring: adminStatementsQuerySchema, response: { 200: adminStatementsPageSchema } } },
    async (request) => {
      const { status, period, affiliate_id: affiliateId } = request.query;
      return affiliates.statements.list({ status, period, affiliateId: affiliateId ? Number(affiliateId) : undefined }, pageOf(request.query));
    },
  );
  app.post(
    '/api/admin/affiliate-statements/:id/approve',
    { preHandler: pay, schema: { params: idParamsSchema, body: reasonBodySchema, response: { 200: dataOf(statementSchema) } } },
    async (request) => ({ data: await affiliates.statements.approve(staffId(request), Number(request.params.id), request.body.reason) }),
  );
  app.post(
    '/api/admin/affiliate-statements/:id/corrections',
    { preHandler: pay, schema: { params: idParamsSchema, body: correctionBodySchema, response: { 201: dataOf(statementSchema) } } },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await affiliates.statements.correct(staffId(request), Number(request.params.id), request.body.amount, request.body.reason) }),
  );
  app.post(
    '/api/admin/affiliate-statements/:id/payout',
    { preHandler: pay, schema: { params: idParamsSchema, body: reasonBodySchema, response: { 200: dataOf(payoutSchema) } } },
    async (request) => ({ data: await affiliates.payouts.requestPayout(staffId(request), Number(request.params.id), request.body.reason) }),
  );
  app.post(
    '/api/admin/affiliate-payouts/:id/approve',
    { preHandler: pay, schema: { params: idParamsSchema, body: reasonBodySchema, response: { 200: dataOf(payoutSchema) } } },
    async (request) => ({ data: await affiliates.payouts.approvePayout(staffId(request), Number(request.params.id)) }),
  );
  app.get(
    '/api/admin/affiliate-payouts',
    { preHandler: read, schema: { querystring: adminPayoutsQuerySchema, response: { 200: adminPayoutsPageSchema } } },
    async (request) => affiliates.payouts.list({ status: request.query.status }, pageOf(request.query)),
  );

  // --- players --------------------------------------------------------------------------------------------
  app.put(
    '/api/admin/affiliate-attributions/:id/flags',
    { preHandler: manage, schema: { params: idParamsSchema, body: attributionFlagsBodySchema, response: { 200: dataOf(playerAffiliateSchema) } } },
    async (request) => {
      const playerId = Number(request.params.id);
      const { reason, ...flags } = request.body;
      await affiliates.tracking.setFlags(staffId(request), playerId, flags, reason);
      return { data: (await affiliates.tracking.playerAffiliate(playerId))! };
    },
  );
}
