import type { Route } from './+types/robots';
import { servicesContext } from '../lib/context.ts';

/** What crawlers leave alone: the player's own pages, the cashier, the back office and game sessions, under /en too. */
export const DISALLOWED = [
  '/account/',
  '/deposit',
  '/withdraw',
  '/messages',
  '/all-bonuses',
  '/bonus-activated',
  '/admin',
  '/play/',
  '/api/',
  '/broadcasting/',
  '/player/activate/',
  '/refer-a-friend/',
  '/sandbox-gateway/',
];

/** robots.txt: the disallowed paths (unprefixed and under /en) and where the sitemap is, absolute from PUBLIC_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.get(servicesContext).publicSettings();
  const lines = ['User-agent: *', ...DISALLOWED.flatMap((path) => [`Disallow: ${path}`, ...(path.startsWith('/api') ? [] : [`Disallow: /en${path}`])])];
  const body = `${lines.join('\n')}\n\nSitemap: ${settings.public_url}/sitemap.xml\n`;
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
