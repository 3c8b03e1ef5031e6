import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { SiteServices } from '../../contract/site.ts';
import { CACHE_USER_AGENT, type GuestPage, guestPage, newPageNonce, type PageCache } from './page-cache.ts';
import { type RenderedPage, sendPage } from './page-cache-entry.ts';

export type LoadServerBuild = () => Promise<ServerBuild>;

/** Our server entry (app/entry.server.tsx) exports the context keys of the services and of the CSP nonce. */
type CroupierServerEntry = { servicesContext: RouterContext<SiteServices>; cspNonceContext: RouterContext<string> };

/**
 * The page address React Router sees. A NUL can be neither stored nor looked up, so it stands as U+FFFD and the
 * page finds nothing and says so, as for any unknown id. Undefined when the address cannot be a URL at all.
 */
export function pageUrl(protocol: string, host: string, path: string): URL | undefined {
  // Joined, not resolved against a base: `//x` is a path here, never another host.
  // A path of slashes alone would be the home page to React Router: it names no page, so it is not found.
  const cleaned = path.replace(/%00/gi, '%EF%BF%BD').replace(/^\/{2,}(?=$|[?#])/, (slashes) => `/${'%2F'.repeat(slashes.length - 1)}`);
  const href = `${protocol}://${host}${cleaned}`;
  return URL.canParse(href) ? new URL(href) : undefined;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) : null);
}

/**
 * The services as a render for the cache sees them, telling when one of their calls fails or an error is reported.
 * A page can still answer 200 then (a home shelf that failed shows its own error and a retry): such a page goes to
 * those who waited for it, and is never kept.
 */
function watchFailures(services: SiteServices, failed: () => void): SiteServices {
  return new Proxy(services, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (name === 'reportError') failed();
        let result: unknown;
        try {
          result = value.apply(target, args);
        } catch (error) {
          failed();
          throw error;
        }
        if (result instanceof Promise) result.catch(failed);
        return result;
      };
    },
  });
}

// A render for the cache is given this long, whoever waits for it; React's own abort comes earlier (entry.server).
const CACHE_RENDER_TIMEOUT_MS = 15_000;

/** Every path that no API or asset route claims is a page of the player site, rendered by React Router. */
export async function ssrRoutes(
  app: FastifyInstance,
  {
    loadBuild,
    services,
    mode,
    pageCache,
    publicUrl,
  }: {
    loadBuild: LoadServerBuild;
    services: SiteServices;
    mode: 'production' | 'development';
    /** Guests' public pages from the cache (server/http/page-cache.ts); every page rendered per request without it. */
    pageCache?: PageCache | undefined;
    /** The address the cache's own requests are made to (PUBLIC_URL), so no page depends on a request's Host. */
    publicUrl: string;
  },
) {
  // Page form posts stream through to React Router untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // In production the build is handed over once: given a function, React Router loads it and derives its route
  // table, matchers and static handler again on every request (about a tenth of a page's server time).
  const handle = createRequestHandler(mode === 'production' ? await loadBuild() : loadBuild, mode);
  const publicSite = new URL(publicUrl);

  const contextFor = (build: ServerBuild, nonce: string, siteServices: SiteServices = services) => {
    const context = new RouterContextProvider();
    const entry = build.entry.module as unknown as CroupierServerEntry;
    context.set(entry.servicesContext, siteServices);
    context.set(entry.cspNonceContext, nonce);
    return context;
  };

  /** The page rendered from its key alone: no cookie, no header of the visitor's but whether it is a bot. */
  async function renderForCache(build: ServerBuild, page: GuestPage): Promise<RenderedPage> {
    const url = pageUrl(publicSite.protocol.slice(0, -1), publicSite.host, page.path);
    if (!url) throw new Error(`page cache: ${page.path} is not an address`);
    const nonce = newPageNonce();
    const request = new Request(url, {
      headers: { 'user-agent': page.bot ? CACHE_USER_AGENT.bot : CACHE_USER_AGENT.person },
      signal: AbortSignal.timeout(CACHE_RENDER_TIMEOUT_MS),
    });
    let failed = false;
    const watched = watchFailures(services, () => {
      failed = true;
    });
    const response = await handle(request, contextFor(build, nonce, watched));
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
    return { status: response.status, headers, setCookies: response.headers.getSetCookie(), body, nonce, failed };
  }

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      const url = pageUrl(request.protocol, request.host, request.url);
      if (!url) return reply.code(400).send({ message: 'The address of this request is not valid.' });
      const build = await loadBuild();
      if (pageCache) {
        const guest = guestPage({
          method: request.method,
          pathname: url.pathname,
          search: url.search,
          cookie: request.headers.cookie,
          userAgent: request.headers['user-agent'],
        });
        // A new build's pages never mix with an older one's (its assets differ), as during a rolling deployment.
        const served = guest && (await pageCache.serve(`${build.assets.version} ${guest.key}`, () => renderForCache(build, guest)));
        if (served) return sendPage(request, reply, served);
        pageCache.bypassed();
        reply.header('x-page-cache', 'bypass');
      }
      // An affiliate's click is counted per visitor: its address (hashed there, never kept) comes from here.
      const siteServices = url.searchParams.has('token')
        ? {
            ...services,
            recordAffiliateClick: (click: Parameters<SiteServices['recordAffiliateClick']>[0]) => services.recordAffiliateClick({ ...click, ip: request.ip }),
          }
        : services;
      const response = await handle(toWebRequest(request, reply, url), contextFor(build, reply.cspNonce.script, siteServices));
      return sendWebResponse(reply, response);
    },
  });
}
