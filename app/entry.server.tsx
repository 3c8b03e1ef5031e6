import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router';

import { cspNonceContext, servicesContext } from './lib/context.ts';

// The server fills these context keys for every page request (server/http/ssr.ts).
export { cspNonceContext, servicesContext } from './lib/context.ts';

const ABORT_DELAY_MS = 5_000;

/** Bots are not shown the error screen (SPEC.md §2): they get a plain page with the status. */
function plainStatusPage(status: number): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title><meta name="robots" content="noindex"></head><body><h1>${status}</h1></body></html>`;
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/**
 * A loader's or an action's failure goes to the server's log, which keeps no bound query values or tokens, instead
 * of React Router's default console.error of the whole error. React Router's own 4xx answers (404 no such page, 405 a
 * form post to a page without an action) come here too, carrying an internal Error with a stack; anyone can send those
 * requests at will, so they are logged as refusals at info level, or anyone could fill the error log and its alerts.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const services = (context as RouterContextProvider).get(servicesContext);
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) services.reportRefused({ method: request.method, path, status: error.status });
  else services.reportError(error, path);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const userAgent = request.headers.get('user-agent');
  const bot = isbot(userAgent);
  if (bot && responseStatusCode >= 400) return Promise.resolve(plainStatusPage(responseStatusCode));

  // The Content-Security-Policy allows inline scripts and styles only with this response's nonce; <ServerRouter>
  // hands it to <Links>, <Scripts> and <ScrollRestoration>, React to its own streaming scripts.
  const nonce = loadContext.get(cspNonceContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
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
        // Once the shell went out the status cannot change: the failure goes to the server's log, and the guest page
        // cache, which watches reportError, does not keep the page (server/http/ssr.ts).
        if (shellRendered) loadContext.get(servicesContext).reportError(error, new URL(request.url).pathname);
      },
    });
    setTimeout(abort, ABORT_DELAY_MS + 1000);
  });
}
