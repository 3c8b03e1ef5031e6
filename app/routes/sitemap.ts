import type { Route } from './+types/sitemap';
import { servicesContext } from '../lib/context.ts';
import { PUBLIC_PAGES } from '../lib/public-pages.ts';

/**
 * <lastmod>: the day this deployment started serving. The pages' content (static pages, landing pages, the
 * catalogue's categories) ships with the deployment, so that is when it last changed (docs/decisions/0088).
 */
const DEPLOYED_ON = new Date().toISOString().slice(0, 10);

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Every public page, each running promotion and each game category, as absolute URLs from PUBLIC_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [settings, promotions, categories] = await Promise.all([services.publicSettings(), services.promotions(), services.gameCategories()]);
  const paths = [...PUBLIC_PAGES, ...promotions.map((p) => `/promotion/${p.id}`), ...categories.map((c) => `/${c.slug}`)];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...[...new Set(paths)].map((path) => `  <url><loc>${escapeXml(settings.public_url + path)}</loc><lastmod>${DEPLOYED_ON}</lastmod></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
