import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { SiteServices } from '../../contract/site.ts';

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

/** Every path that no API or asset route claims is a page of the player site, rendered by React Router. */
export async function ssrRoutes(
  app: FastifyInstance,
  { loadBuild, services, mode }: { loadBuild: LoadServerBuild; services: SiteServices; mode: 'production' | 'development' },
) {
  // Page form posts stream through to React Router untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handle = createRequestHandler(loadBuild, mode);

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      const url = pageUrl(request.protocol, request.host, request.url);
      if (!url) return reply.code(400).send({ message: 'The address of this request is not valid.' });
      const build = await loadBuild();
      const context = new RouterContextProvider();
      const entry = build.entry.module as unknown as CroupierServerEntry;
      context.set(entry.servicesContext, services);
      context.set(entry.cspNonceContext, reply.cspNonce.script);
      const response = await handle(toWebRequest(request, reply, url), context);
      return sendWebResponse(reply, response);
    },
  });
}
