import { type RouteConfigEntry, layout, route } from '@react-router/dev/routes';

/**
 * Every screen of SPEC.md §2. The table is built once per prefix: unprefixed and under /en,
 * with ids suffixed so both trees can live side by side.
 */
function siteRoutes(base: '' | 'en'): RouteConfigEntry[] {
  const at = (path: string) => [base, path].filter(Boolean).join('/');
  const id = (name: string) => (base ? `${base}-${name}` : name);
  const page = (path: string, file: string, name: string) => route(at(path), file, { id: id(name) });
  const frame = (file: string, name: string, children: RouteConfigEntry[]) => layout(file, { id: id(name) }, children);
  const staticPages = ['faq', 'about', 'cookie-policy', 'privacy-policy', 'terms-and-conditions', 'responsible-gaming'];

  return [
    frame('layouts/default.tsx', 'layout-default', [
      // An index route cannot carry a path, so the home page under /en is a plain route.
      base ? page('', 'routes/home.tsx', 'home') : route(undefined, 'routes/home.tsx', { index: true, id: id('home') }),
      page('promotion', 'routes/promotions.tsx', 'promotions'),
    ]),
    frame('layouts/black.tsx', 'layout-black', [
      page('promotion/sweet-bonanza', 'routes/promotion-landing.tsx', 'promotion-sweet-bonanza'),
      page('promotion/big-bass-bonanza', 'routes/promotion-landing.tsx', 'promotion-big-bass-bonanza'),
      page('promotion/:id', 'routes/promotion.tsx', 'promotion'),
      page('vip-club', 'routes/club.tsx', 'vip-club'),
      page('loyalty-club', 'routes/club.tsx', 'loyalty-club'),
      ...staticPages.map((slug) => page(slug, 'routes/static-page.tsx', slug)),
      page('fairness', 'routes/fairness.tsx', 'fairness'),
      page('affiliates', 'routes/affiliates-apply.tsx', 'affiliates-apply'),
    ]),
    frame('layouts/account.tsx', 'layout-account', [
      page('account/profile', 'routes/account-profile.tsx', 'account-profile'),
      page('account/wallet', 'routes/account-wallet.tsx', 'account-wallet'),
      page('account/transaction', 'routes/account-transaction.tsx', 'account-transaction'),
      page('account/bonuses', 'routes/account-bonuses.tsx', 'account-bonuses'),
      page('account/limit', 'routes/account-limit.tsx', 'account-limit'),
      page('account/verification', 'routes/account-verification.tsx', 'account-verification'),
      page('account/vip-club', 'routes/account-vip-club.tsx', 'account-vip-club'),
      page('account/loyalty-club', 'routes/account-loyalty-club.tsx', 'account-loyalty-club'),
    ]),
    frame('layouts/wallet.tsx', 'layout-wallet', [
      page('deposit', 'routes/deposit.tsx', 'deposit'),
      page('withdraw', 'routes/withdraw.tsx', 'withdraw'),
      page('messages', 'routes/messages.tsx', 'messages'),
      page('all-bonuses', 'routes/all-bonuses.tsx', 'all-bonuses'),
      page('bonus-activated', 'routes/bonus-activated.tsx', 'bonus-activated'),
    ]),
    frame('layouts/blur-popup.tsx', 'layout-blur-popup', [
      page('login', 'routes/popup-page.tsx', 'login'),
      page('register', 'routes/popup-page.tsx', 'register'),
      page('reset-password', 'routes/popup-page.tsx', 'reset-password'),
      page('account/reset-password/:id', 'routes/account-reset-password.tsx', 'account-reset-password'),
    ]),
    frame('layouts/blur.tsx', 'layout-blur', [
      page('refer-a-friend/:uuid', 'routes/refer-a-friend.tsx', 'refer-a-friend'),
      page('player/activate/:uuid', 'routes/player-activate.tsx', 'player-activate'),
    ]),
    frame('layouts/none.tsx', 'layout-none', [
      page('maintenance', 'routes/maintenance.tsx', 'maintenance'),
      page('test-route', 'routes/test-route.tsx', 'test-route'),
      page('play/*', 'routes/play.tsx', 'play'),
    ]),
    page('sitemap.xml', 'routes/sitemap.ts', 'sitemap'),
    ...(base ? [] : [page('robots.txt', 'routes/robots.ts', 'robots')]),
    frame('layouts/games.tsx', 'layout-games', [page('*', 'routes/listing.tsx', 'listing')]),
  ];
}

/** The back office (docs/decisions/0084-admin-console.md): its own layout and route tree, code-split from the site. */
const adminRoutes: RouteConfigEntry[] = [
  route('admin/login', 'routes/admin/login.tsx', { id: 'admin-login' }),
  route('admin/password/:token', 'routes/admin/password.tsx', { id: 'admin-password' }),
  layout('layouts/admin.tsx', { id: 'layout-admin' }, [
    route('admin', 'routes/admin/dashboard.tsx', { id: 'admin-dashboard' }),
    route('admin/reports', 'routes/admin/reports.tsx', { id: 'admin-reports' }),
    route('admin/security', 'routes/admin/security.tsx', { id: 'admin-security' }),
    route('admin/players', 'routes/admin/players.tsx', { id: 'admin-players' }),
    route('admin/players/:id', 'routes/admin/player.tsx', { id: 'admin-player' }),
    route('admin/kyc', 'routes/admin/kyc.tsx', { id: 'admin-kyc' }),
    route('admin/withdrawals', 'routes/admin/withdrawals.tsx', { id: 'admin-withdrawals' }),
    route('admin/payments', 'routes/admin/payments.tsx', { id: 'admin-payments' }),
    route('admin/crypto', 'routes/admin/crypto.tsx', { id: 'admin-crypto' }),
    route('admin/adjustments', 'routes/admin/adjustments.tsx', { id: 'admin-adjustments' }),
    route('admin/messages', 'routes/admin/messages.tsx', { id: 'admin-messages' }),
    route('admin/bonuses', 'routes/admin/bonuses.tsx', { id: 'admin-bonuses' }),
    route('admin/content', 'routes/admin/content.tsx', { id: 'admin-content' }),
    route('admin/games', 'routes/admin/games.tsx', { id: 'admin-games' }),
    route('admin/providers', 'routes/admin/providers.tsx', { id: 'admin-providers' }),
    route('admin/settings', 'routes/admin/settings.tsx', { id: 'admin-settings' }),
    route('admin/jurisdictions', 'routes/admin/jurisdictions.tsx', { id: 'admin-jurisdictions' }),
    route('admin/outbox', 'routes/admin/outbox.tsx', { id: 'admin-outbox' }),
    route('admin/jobs', 'routes/admin/jobs.tsx', { id: 'admin-jobs' }),
    route('admin/affiliates', 'routes/admin/affiliates.tsx', { id: 'admin-affiliates' }),
    route('admin/compliance', 'routes/admin/compliance.tsx', { id: 'admin-compliance' }),
    route('admin/compliance/rules', 'routes/admin/compliance-rules.tsx', { id: 'admin-compliance-rules' }),
    route('admin/compliance/cases/:id', 'routes/admin/compliance-case.tsx', { id: 'admin-compliance-case' }),
    route('admin/screening', 'routes/admin/screening.tsx', { id: 'admin-screening' }),
    route('admin/exports', 'routes/admin/exports.tsx', { id: 'admin-exports' }),
    route('admin/staff', 'routes/admin/staff.tsx', { id: 'admin-staff' }),
    route('admin/audit', 'routes/admin/audit.tsx', { id: 'admin-audit' }),
  ]),
];

/**
 * The affiliate portal (docs/decisions/0108-affiliate-portal.md): its own layout and route tree under /affiliates/,
 * code-split from the site like the back office. The public programme page, /affiliates itself, is a site page.
 */
const affiliatePortalRoutes: RouteConfigEntry[] = [
  route('affiliates/login', 'routes/affiliates/login.tsx', { id: 'affiliate-portal-login' }),
  route('affiliates/sign-in', 'routes/affiliates/sign-in.tsx', { id: 'affiliate-portal-sign-in' }),
  layout('layouts/affiliate-portal.tsx', { id: 'layout-affiliate-portal' }, [
    route('affiliates/dashboard', 'routes/affiliates/dashboard.tsx', { id: 'affiliate-portal-dashboard' }),
    route('affiliates/reports', 'routes/affiliates/reports.tsx', { id: 'affiliate-portal-reports' }),
    route('affiliates/links', 'routes/affiliates/links.tsx', { id: 'affiliate-portal-links' }),
    route('affiliates/creatives', 'routes/affiliates/creatives.tsx', { id: 'affiliate-portal-creatives' }),
    route('affiliates/statements', 'routes/affiliates/statements.tsx', { id: 'affiliate-portal-statements' }),
    route('affiliates/postbacks', 'routes/affiliates/postbacks.tsx', { id: 'affiliate-portal-postbacks' }),
    route('affiliates/profile', 'routes/affiliates/profile.tsx', { id: 'affiliate-portal-profile' }),
  ]),
];

export default [...adminRoutes, ...affiliatePortalRoutes, ...siteRoutes(''), ...siteRoutes('en')];
