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
    ]),
    frame('layouts/account.tsx', 'layout-account', [
      page('account/profile', 'routes/account-profile.tsx', 'account-profile'),
      page('account/wallet', 'routes/account-wallet.tsx', 'account-wallet'),
      page('account/transaction', 'routes/account-transaction.tsx', 'account-transaction'),
      ...['limit', 'bonuses', 'vip-club', 'loyalty-club', 'verification'].map((section) =>
        page(`account/${section}`, 'routes/account-section.tsx', `account-${section}`),
      ),
    ]),
    frame('layouts/wallet.tsx', 'layout-wallet', [
      page('deposit', 'routes/deposit.tsx', 'deposit'),
      page('withdraw', 'routes/withdraw.tsx', 'withdraw'),
      page('messages', 'routes/messages.tsx', 'messages'),
      ...['all-bonuses', 'bonus-activated'].map((slug) => page(slug, 'routes/wallet-page.tsx', slug)),
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
    frame('layouts/games.tsx', 'layout-games', [page('*', 'routes/listing.tsx', 'listing')]),
  ];
}

export default [...siteRoutes(''), ...siteRoutes('en')];
