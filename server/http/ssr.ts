import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { SiteServices } from '../../contract/site.ts';

export type LoadServerBuild = () => Promise<ServerBuild>;

/** Our server entry (app/entry.server.tsx) exports the context key loaders read services from. */
type CroupierServerEntry = { servicesContext: RouterContext<SiteServices> };

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
      const build = await loadBuild();
      const context = new RouterContextProvider();
      context.set((build.entry.module as unknown as CroupierServerEntry).servicesContext, services);
      const response = await handle(toWebRequest(request, reply), context);
      return sendWebResponse(reply, response);
    },
  });
}
