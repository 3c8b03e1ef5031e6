import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { adminAffiliateEndpoints as endpoints, creativeUploadBodySchema } from '../../../contract/affiliates.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { validatorCompiler } from '../../http/errors.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { AffiliateRow } from './accounts.ts';
import { MAX_CREATIVE_BYTES } from './creatives.ts';

// The multipart body is read by the handler, after the guards (as the verification uploads are).
const bodyReadByHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * The operators' affiliate API (docs/affiliates-api.md): `affiliates.read` sees, `affiliates.manage` (marketing)
 * approves, plans, links and creatives, `affiliates.pay` (finance) approves statements and pays. Every change is audited.
 */
export async function adminAffiliateRoutes(fastify: FastifyInstance, { services, guards }: { services: Services; guards: EndpointApp }) {
  const { affiliates } = services;
  // The portal's scope (routes.ts) already made the guards and decorated the request: this scope, which has its own
  // multipart parser, registers its routes with them.
  const app: EndpointApp = { ...guards, fastify };
  await fastify.register(multipart, { limits: { fileSize: MAX_CREATIVE_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 50 } });
  const pageOf = (query: { page?: string; per_page?: string }) => ({ page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) });

  async function adminViews(rows: AffiliateRow[]) {
    const counts = await affiliates.tracking.countsFor(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => ({ ...(await affiliates.accounts.viewOf(row)), ...(counts.get(row.id) ?? { links: 0, registrations: 0, ftds: 0 }) })),
    );
  }
  const adminView = async (row: AffiliateRow) => (await adminViews([row]))[0]!;

  route(app, endpoints.list, async ({ query }) => {
    const { rows, meta } = await affiliates.accounts.list(query.status, pageOf(query));
    return { data: await adminViews(rows), meta };
  });
  route(app, endpoints.get, async ({ params }) => {
    const row = await affiliates.accounts.byId(Number(params.id));
    return { data: { ...(await adminView(row)), links_list: await affiliates.tracking.linkViews(row.id) } };
  });
  route(app, endpoints.setStatus, async ({ staff, params, body }) => {
    const row = await affiliates.accounts.setStatus(staff.id, Number(params.id), body.status, body.reason);
    return { data: await adminView(row) };
  });
  route(app, endpoints.setPlan, async ({ staff, params, body }) => {
    const planId = body.plan_id === null ? null : Number(body.plan_id);
    const row = await affiliates.accounts.setPlan(staff.id, Number(params.id), planId, body.reason);
    return { data: await adminView(row) };
  });
  route(app, endpoints.signInLink, async ({ staff, params, body }) => ({
    data: await affiliates.accounts.issueSignInLink(staff.id, Number(params.id), body.reason, services.config.publicUrl),
  }));
  route(app, endpoints.postbackLog, async ({ params, query }) => {
    const row = await affiliates.accounts.byId(Number(params.id));
    return affiliates.postbacks.log(row.id, pageOf(query));
  });

  // --- plans ----------------------------------------------------------------------------------------------
  route(app, endpoints.plans, async () => ({ data: await affiliates.plans.list() }));
  route(app, endpoints.createPlan, async ({ staff, body }) => ({ data: await affiliates.plans.create(staff.id, body) }));
  route(app, endpoints.updatePlan, async ({ staff, params, body }) => ({ data: await affiliates.plans.update(staff.id, Number(params.id), body) }));

  // --- creatives ------------------------------------------------------------------------------------------
  route(app, endpoints.creatives, async () => ({ data: await affiliates.creatives.list() }));
  route(
    app,
    endpoints.uploadCreative,
    async ({ request, staff }) => {
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
      const parsed = creativeUploadBodySchema.safeParse({ ...fields, file: bytes ? true : undefined });
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'file')] ??= []).push(issue.message);
        throw invalid(errors);
      }
      const made = await affiliates.creatives.upload(staff.id, { name: parsed.data.name, landingPath: parsed.data.landing_path ?? '/', bytes: bytes! });
      return { data: made };
    },
    { validatorCompiler: bodyReadByHandler },
  );
  route(app, endpoints.removeCreative, async ({ staff, params, body }) => {
    await affiliates.creatives.remove(staff.id, Number(params.id), body.reason);
  });

  // --- statements and payouts -----------------------------------------------------------------------------
  route(app, endpoints.statements, async ({ query }) => {
    const { status, period, affiliate_id: affiliateId } = query;
    return affiliates.statements.list({ status, period, affiliateId: affiliateId ? Number(affiliateId) : undefined }, pageOf(query));
  });
  route(app, endpoints.approveStatement, async ({ staff, params, body }) => ({
    data: await affiliates.statements.approve(staff.id, Number(params.id), body.reason),
  }));
  route(app, endpoints.correctStatement, async ({ staff, params, body }) => ({
    data: await affiliates.statements.correct(staff.id, Number(params.id), body.amount, body.reason),
  }));
  route(app, endpoints.requestPayout, async ({ staff, params, body }) => ({
    data: await affiliates.payouts.requestPayout(staff.id, Number(params.id), body.reason),
  }));
  route(app, endpoints.approvePayout, async ({ staff, params }) => ({ data: await affiliates.payouts.approvePayout(staff.id, Number(params.id)) }));
  route(app, endpoints.payouts, async ({ query }) => affiliates.payouts.list({ status: query.status }, pageOf(query)));

  // --- players --------------------------------------------------------------------------------------------
  route(app, endpoints.setAttributionFlags, async ({ staff, params, body }) => {
    const playerId = Number(params.id);
    const { reason, ...flags } = body;
    await affiliates.tracking.setFlags(staff.id, playerId, flags, reason);
    return { data: (await affiliates.tracking.playerAffiliate(playerId))! };
  });
}
