import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

// The server reads the services context key from here (server/http/ssr.ts).
export { servicesContext } from './lib/context.ts';

const ABORT_DELAY_MS = 5_000;

/** Bots are not shown the error screen (SPEC.md §2): they get a plain page with the status. */
function plainStatusPage(status: number): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title><meta name="robots" content="noindex"></head><body><h1>${status}</h1></body></html>`;
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const userAgent = request.headers.get('user-agent');
  const bot = isbot(userAgent);
  if (bot && responseStatusCode >= 400) return Promise.resolve(plainStatusPage(responseStatusCode));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // Bots and crawlers get the whole document at once; people get the shell as soon as it is ready.
      [bot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY_MS + 1000);
  });
}
