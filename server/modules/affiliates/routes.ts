import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  affiliateApplyBodySchema,
  affiliateApplyResponseSchema,
  affiliateLinkSignInBodySchema,
  affiliateLoginBodySchema,
  affiliateLoginResponseSchema,
  affiliatePlayersSchema,
  affiliateSchema,
  affiliateSessionSchema,
  affiliateUpdateBodySchema,
  creativeIdParamsSchema,
  creativeSchema,
  dashboardSchema,
  linkCreateBodySchema,
  linkSchema,
  monthQuerySchema,
  pageQuerySchema,
  payoutSchema,
  postbackLogSchema,
  postbackSettingsBodySchema,
  postbackSettingsSchema,
  reportQuerySchema,
  reportSchema,
  statementSchema,
  twoFactorConfirmBodySchema,
  twoFactorSetupSchema,
} from '../../../contract/affiliates.ts';
import { dataOf } from '../../../contract/http.ts';
import { clearAffiliateCookie, presentedAffiliateToken, setAffiliateCookie } from '../../http/auth.ts';
import { loginGuard } from '../../http/login-guard.ts';
import { limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { CREDENTIALS_MESSAGE, WRONG_CODE_MESSAGE } from './accounts.ts';
import { adminAffiliateRoutes } from './admin-routes.ts';
import { affiliateGuard } from './guards.ts';

const MAX_REPORT_DAYS = 366;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The affiliate programme's HTTP door (docs/affiliates-api.md, docs/decisions/0107-affiliates.md): the public
 * application and sign-in, the portal's API behind its own session, and (admin-routes.ts) the operators' API.
 */
export async function affiliateRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { affiliates } = services;
  app.decorateRequest('affiliate', null);
  const affiliateSession = affiliateGuard(affiliates);
  const ipLimit = (name: string, max: number, message: string) =>
    limitRequests(fastify, services.config.rateLimitAllowlist, [{ name, max, windowMs: MINUTES_15, by: 'ip', message }]);
  const me = (request: { affiliate: { id: number } | null }) => request.affiliate!.id;

  // --- public ---------------------------------------------------------------------------------------------
  app.post(
    '/api/affiliates/apply',
    {
      preHandler: ipLimit('affiliate-apply-ip', 10, 'Too many applications from your network.'),
      schema: { body: affiliateApplyBodySchema, response: { 201: affiliateApplyResponseSchema } },
    },
    async (request, reply) => reply.code(201).send({ data: await affiliates.accounts.apply(request.body) }),
  );

  const attemptLogin = loginGuard(fastify, services.config, { name: 'affiliate-login', cookie: 'affiliate_device', path: '/api/affiliates/login' });
  app.post(
    '/api/affiliates/login',
    {
      preHandler: ipLimit('affiliate-login-ip', 100, 'Too many login attempts from your network.'),
      schema: { body: affiliateLoginBodySchema, response: { 200: affiliateLoginResponseSchema } },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const affiliate = await attemptLogin(request, reply, email, () => affiliates.accounts.checkCredentials(email, password));
      if (!affiliate) throw invalid({ email: [CREDENTIALS_MESSAGE] });
      const result = await affiliates.accounts.signIn(affiliate, code || undefined);
      if ('two_factor' in result) return result;
      setAffiliateCookie(reply, result.token, new Date(result.expires_at));
      return result;
    },
  );

  app.post(
    '/api/affiliates/login/link',
    {
      preHandler: ipLimit('affiliate-link-ip', 30, 'Too many sign-in attempts from your network.'),
      schema: { body: affiliateLinkSignInBodySchema, response: { 200: affiliateSessionSchema } },
    },
    async (request, reply) => {
      const session = await affiliates.accounts.signInWithLink(request.body.token);
      if (!session) throw invalid({ token: ['This sign-in link is not valid or has expired.'] });
      setAffiliateCookie(reply, session.token, new Date(session.expires_at));
      return session;
    },
  );

  app.post('/api/affiliates/logout', { preHandler: affiliateSession }, async (request, reply) => {
    await affiliates.accounts.logout(presentedAffiliateToken(request));
    clearAffiliateCookie(reply);
    return reply.code(204).send();
  });

  // Banners are embedded on affiliates' own sites: public, cacheable, never sniffed as anything but the image.
  app.get('/api/affiliates/creatives/:id/image', { schema: { params: creativeIdParamsSchema } }, async (request, reply) => {
    const image = await affiliates.creatives.image(Number(request.params.id));
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image.bytes);
  });

  // --- the portal -----------------------------------------------------------------------------------------
  app.get('/api/affiliates/me', { preHandler: affiliateSession, schema: { response: { 200: dataOf(affiliateSchema) } } }, async (request) => ({
    data: await affiliates.accounts.me(me(request)),
  }));
  app.patch(
    '/api/affiliates/me',
    { preHandler: affiliateSession, schema: { body: affiliateUpdateBodySchema, response: { 200: dataOf(affiliateSchema) } } },
    async (request) => ({ data: await affiliates.accounts.updateProfile(me(request), request.body) }),
  );

  app.post(
    '/api/affiliates/two-factor/setup',
    { preHandler: affiliateSession, schema: { response: { 200: dataOf(twoFactorSetupSchema) } } },
    async (request) => {
      const started = await affiliates.accounts.startTwoFactor(me(request));
      if (!started) throw new Problem(409, 'Two-factor sign-in is already on.');
      return { data: started };
    },
  );
  app.post(
    '/api/affiliates/two-factor/confirm',
    {
      preHandler: affiliateSession,
      schema: { body: twoFactorConfirmBodySchema, response: { 200: dataOf(z.object({ recovery_codes: z.array(z.string()) })) } },
    },
    async (request) => {
      const outcome = await affiliates.accounts.confirmTwoFactor(me(request), request.body.code);
      if (outcome === 'not_started') throw new Problem(409, 'Start the set-up first.');
      if (outcome === 'invalid') throw invalid({ code: [WRONG_CODE_MESSAGE] });
      return { data: { recovery_codes: outcome } };
    },
  );

  app.get(
    '/api/affiliates/dashboard',
    { preHandler: affiliateSession, schema: { querystring: monthQuerySchema, response: { 200: dataOf(dashboardSchema) } } },
    async (request) => ({ data: await affiliates.reports.dashboard(me(request), request.query.month ?? thisMonth()) }),
  );

  const reportOf = async (affiliateId: number, query: z.infer<typeof reportQuerySchema>) => {
    const to = query.to ?? today();
    const from = query.from ?? `${to.slice(0, 7)}-01`;
    const [fromAt, toAt] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
    if (Number.isNaN(fromAt)) throw invalid({ from: ['The date must be YYYY-MM-DD.'] });
    if (Number.isNaN(toAt)) throw invalid({ to: ['The date must be YYYY-MM-DD.'] });
    if (fromAt > toAt) throw invalid({ from: ['The start must not be after the end.'] });
    if ((toAt - fromAt) / 86_400_000 >= MAX_REPORT_DAYS) throw invalid({ from: [`A report covers at most ${MAX_REPORT_DAYS} days.`] });
    return affiliates.reports.report(affiliateId, from, to, query.group ?? 'day');
  };
  app.get(
    '/api/affiliates/reports',
    { preHandler: affiliateSession, schema: { querystring: reportQuerySchema, response: { 200: dataOf(reportSchema) } } },
    async (request) => ({ data: await reportOf(me(request), request.query) }),
  );
  app.get('/api/affiliates/reports.csv', { preHandler: affiliateSession, schema: { querystring: reportQuerySchema } }, async (request, reply) => {
    const report = await reportOf(me(request), request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="affiliate-report-${report.group}-${report.from}-${report.to}.csv"`)
      .send(affiliates.reports.csv(report));
  });

  app.get(
    '/api/affiliates/players',
    { preHandler: affiliateSession, schema: { querystring: monthQuerySchema, response: { 200: affiliatePlayersSchema } } },
    async (request) => ({ data: await affiliates.reports.players(me(request), request.query.month ?? thisMonth()), currency: services.config.defaultCurrency }),
  );

  app.get('/api/affiliates/links', { preHandler: affiliateSession, schema: { response: { 200: dataOf(z.array(linkSchema)) } } }, async (request) => ({
    data: await affiliates.tracking.linkViews(me(request)),
  }));
  app.post(
    '/api/affiliates/links',
    { preHandler: affiliateSession, schema: { body: linkCreateBodySchema, response: { 201: dataOf(linkSchema) } } },
    async (request, reply) => reply.code(201).send({ data: await affiliates.tracking.createLink(me(request), request.body) }),
  );

  app.get('/api/affiliates/creatives', { preHandler: affiliateSession, schema: { response: { 200: dataOf(z.array(creativeSchema)) } } }, async () => ({
    data: await affiliates.creatives.list(),
  }));

  app.get('/api/affiliates/statements', { preHandler: affiliateSession, schema: { response: { 200: dataOf(z.array(statementSchema)) } } }, async (request) => ({
    data: await affiliates.statements.forAffiliate(me(request)),
  }));
  app.get('/api/affiliates/payouts', { preHandler: affiliateSession, schema: { response: { 200: dataOf(z.array(payoutSchema)) } } }, async (request) => ({
    data: await affiliates.payouts.forAffiliate(me(request)),
  }));

  app.get('/api/affiliates/postbacks', { preHandler: affiliateSession, schema: { response: { 200: dataOf(postbackSettingsSchema) } } }, async (request) => ({
    data: await affiliates.postbacks.settings(me(request)),
  }));
  app.put(
    '/api/affiliates/postbacks',
    { preHandler: affiliateSession, schema: { body: postbackSettingsBodySchema, response: { 200: dataOf(postbackSettingsSchema) } } },
    async (request) => {
      await affiliates.postbacks.update(me(request), request.body);
      return { data: await affiliates.postbacks.settings(me(request)) };
    },
  );
  app.get(
    '/api/affiliates/postbacks/log',
    { preHandler: affiliateSession, schema: { querystring: pageQuerySchema, response: { 200: postbackLogSchema } } },
    async (request) => affiliates.postbacks.log(me(request), { page: Number(request.query.page ?? 1), perPage: Number(request.query.per_page ?? 20) }),
  );

  await app.register(adminAffiliateRoutes, { services });
}
