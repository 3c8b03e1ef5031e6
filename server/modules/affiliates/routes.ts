import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { affiliateEndpoints as endpoints, type reportQuerySchema } from '../../../contract/affiliates.ts';
import { clearAffiliateCookie, presentedAffiliateToken, setAffiliateCookie } from '../../http/auth.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { loginGuard } from '../../http/login-guard.ts';
import { limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { CREDENTIALS_MESSAGE, WRONG_CODE_MESSAGE } from './accounts.ts';
import { adminAffiliateRoutes } from './admin-routes.ts';

const MAX_REPORT_DAYS = 366;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The affiliate programme's HTTP door (docs/affiliates-api.md, docs/decisions/0107-affiliates.md): the public
 * application and sign-in, the portal's API behind its own session, and (admin-routes.ts) the operators' API.
 */
export async function affiliateRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { affiliates, accounts, operators } = services;
  // The operators' guards too: admin-routes.ts, registered in a scope of its own below, shares them.
  const app = endpointApp(fastify, { accounts, affiliates, operators });
  const ipLimit = (name: string, max: number, message: string) =>
    limitRequests(fastify, services.config.rateLimitAllowlist, [{ name, max, windowMs: MINUTES_15, by: 'ip', message }]);

  // --- public ---------------------------------------------------------------------------------------------
  route(app, endpoints.apply, async ({ body }) => ({ data: await affiliates.accounts.apply(body) }), {
    preHandler: ipLimit('affiliate-apply-ip', 10, 'Too many applications from your network.'),
  });

  const attemptLogin = loginGuard(fastify, services.config, { name: 'affiliate-login', cookie: 'affiliate_device', path: '/api/affiliates/login' });
  route(
    app,
    endpoints.login,
    async ({ request, reply, body: { email, password, code } }) => {
      const affiliate = await attemptLogin(request, reply, email, () => affiliates.accounts.checkCredentials(email, password));
      if (!affiliate) throw invalid({ email: [CREDENTIALS_MESSAGE] });
      const result = await affiliates.accounts.signIn(affiliate, code || undefined);
      if ('two_factor' in result) return result;
      setAffiliateCookie(reply, result.token, new Date(result.expires_at));
      return result;
    },
    { preHandler: ipLimit('affiliate-login-ip', 100, 'Too many login attempts from your network.') },
  );

  route(
    app,
    endpoints.linkSignIn,
    async ({ reply, body }) => {
      const session = await affiliates.accounts.signInWithLink(body.token);
      if (!session) throw invalid({ token: ['This sign-in link is not valid or has expired.'] });
      setAffiliateCookie(reply, session.token, new Date(session.expires_at));
      return session;
    },
    { preHandler: ipLimit('affiliate-link-ip', 30, 'Too many sign-in attempts from your network.') },
  );

  route(app, endpoints.logout, async ({ request, reply }) => {
    await affiliates.accounts.logout(presentedAffiliateToken(request));
    clearAffiliateCookie(reply);
  });

  // Banners are embedded on affiliates' own sites: public, cacheable, never sniffed as anything but the image.
  route(app, endpoints.creativeImage, async ({ reply, params }) => {
    const image = await affiliates.creatives.image(Number(params.id));
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image.bytes);
  });

  // --- the portal -----------------------------------------------------------------------------------------
  route(app, endpoints.me, async ({ affiliate }) => ({ data: await affiliates.accounts.me(affiliate.id) }));
  route(app, endpoints.updateMe, async ({ affiliate, body }) => ({ data: await affiliates.accounts.updateProfile(affiliate.id, body) }));

  route(app, endpoints.twoFactorSetup, async ({ affiliate }) => {
    const started = await affiliates.accounts.startTwoFactor(affiliate.id);
    if (!started) throw new Problem(409, 'Two-factor sign-in is already on.');
    return { data: started };
  });
  route(app, endpoints.twoFactorConfirm, async ({ affiliate, body }) => {
    const outcome = await affiliates.accounts.confirmTwoFactor(affiliate.id, body.code);
    if (outcome === 'not_started') throw new Problem(409, 'Start the set-up first.');
    if (outcome === 'invalid') throw invalid({ code: [WRONG_CODE_MESSAGE] });
    return { data: { recovery_codes: outcome } };
  });

  route(app, endpoints.dashboard, async ({ affiliate, query }) => ({ data: await affiliates.reports.dashboard(affiliate.id, query.month ?? thisMonth()) }));

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
  route(app, endpoints.report, async ({ affiliate, query }) => ({ data: await reportOf(affiliate.id, query) }));
  route(app, endpoints.reportCsv, async ({ reply, affiliate, query }) => {
    const report = await reportOf(affiliate.id, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="affiliate-report-${report.group}-${report.from}-${report.to}.csv"`)
      .send(affiliates.reports.csv(report));
  });

  route(app, endpoints.players, async ({ affiliate, query }) => ({
    data: await affiliates.reports.players(affiliate.id, query.month ?? thisMonth()),
    currency: services.config.defaultCurrency,
  }));

  route(app, endpoints.links, async ({ affiliate }) => ({ data: await affiliates.tracking.linkViews(affiliate.id) }));
  route(app, endpoints.createLink, async ({ affiliate, body }) => ({ data: await affiliates.tracking.createLink(affiliate.id, body) }));

  route(app, endpoints.creatives, async () => ({ data: await affiliates.creatives.list() }));

  route(app, endpoints.statements, async ({ affiliate }) => ({ data: await affiliates.statements.forAffiliate(affiliate.id) }));
  route(app, endpoints.payouts, async ({ affiliate }) => ({ data: await affiliates.payouts.forAffiliate(affiliate.id) }));

  route(app, endpoints.postbacks, async ({ affiliate }) => ({ data: await affiliates.postbacks.settings(affiliate.id) }));
  route(app, endpoints.updatePostbacks, async ({ affiliate, body }) => {
    await affiliates.postbacks.update(affiliate.id, body);
    return { data: await affiliates.postbacks.settings(affiliate.id) };
  });
  route(app, endpoints.postbackLog, ({ affiliate, query }) =>
    affiliates.postbacks.log(affiliate.id, { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) }),
  );

  await fastify.register(adminAffiliateRoutes, { services, guards: app });
}
