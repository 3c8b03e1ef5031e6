import type { Route } from './+types/sitemap';
import { servicesContext } from '../lib/context.ts';

const publicPaths = [
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
];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Every public page, each running promotion and each game category, as absolute URLs from PUBLIC_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [settings, promotions, categories] = await Promise.all([services.publicSettings(), services.promotions(), services.gameCategories()]);
  const paths = [...publicPaths, ...promotions.map((p) => `/promotion/${p.id}`), ...categories.map((c) => `/${c.slug}`)];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(settings.public_url + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
