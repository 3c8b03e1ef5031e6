/**
 * The site's fixed public pages: what the sitemap lists before each promotion and game category, and what the
 * accessibility checks walk through. One list, so a page added here is both announced and checked.
 */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/promotion',
  '/promotion/sweet-bonanza',
  '/promotion/big-bass-bonanza',
  '/vip-club',
  '/loyalty-club',
  '/faq',
  '/about',
  '/cookie-policy',
  '/privacy-policy',
  '/terms-and-conditions',
  '/responsible-gaming',
  '/fairness',
  '/affiliates',
];
