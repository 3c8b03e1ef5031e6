import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../problem.ts';
import { AFFILIATE_COOKIE, STAFF_COOKIE, TOKEN_COOKIE } from './auth.ts';

// Cross-site request forgery, in depth (docs/decisions/0017-request-hygiene.md). The session cookies (the player's
// and the console's) are SameSite=Strict already; on top of that a state-changing request that a browser could
// send on its own (no `Authorization: Bearer`) must come from our own site, and one that carries a session cookie
// must send JSON, which a cross-site HTML form cannot. API clients that authenticate with a bearer token are not
// browsers acting for someone else and are unaffected.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Form bodies the browser sends by protocol, not by choice: pusher-js posts channel auth form-encoded, and
 * the sandbox gateway's hosted card page is a plain HTML form, as a provider's page would be, and a document
 * upload is multipart (issue 15). The same-site check above still applies to all of them.
 */
const FORM_POSTS = ['/broadcasting/', '/api/broadcasting/', '/sandbox-gateway/', '/api/player/verification/documents', '/api/admin/affiliate-creatives'];

const originOf = (value: string): string | undefined => {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.origin === 'null' ? undefined : url.origin;
};

/** The origins a request may come from: the address it was sent to, and the site's public address. */
function ownOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const origins = new Set<string>();
  const own = originOf(publicUrl);
  if (own) origins.add(own);
  for (const protocol of ['http', 'https']) {
    const origin = originOf(`${protocol}://${request.host}`);
    if (origin) origins.add(origin);
  }
  return origins;
}

/** True when the browser tells us this request was started by another site. */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (origin !== undefined && origin !== 'null') {
    const parsed = originOf(origin);
    return parsed === undefined || !ownOrigins(request, publicUrl).has(parsed);
  }
  // A form posted from one of our pages served with `Referrer-Policy: no-referrer` (the token pages) says
  // `Origin: null`; then Fetch Metadata, which pages cannot forge, tells whether it came from our own origin.
  if (origin === 'null') return site !== 'same-origin';
  // Without Origin, Fetch Metadata says where the request came from; a client that sends neither is no browser.
  return site === 'cross-site';
}

function hasJsonBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return true;
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The refusal a request earns, if any. */
function csrfRefusal(request: FastifyRequest, publicUrl: string): Problem | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (request.headers.authorization !== undefined) return undefined;
  if (isCrossSite(request, publicUrl)) return new Problem(403, 'This request came from another site and was refused.', { type: 'csrf' });
  const path = request.url;
  if (!path.startsWith('/api/') || FORM_POSTS.some((prefix) => path.startsWith(prefix))) return undefined;
  const sessionCookie = [TOKEN_COOKIE, STAFF_COOKIE, AFFILIATE_COOKIE].some((name) => request.cookies[name] !== undefined);
  if (sessionCookie && !hasJsonBody(request)) return new Problem(415, 'The request body must be JSON.');
  return undefined;
}

export function installCsrfDefence(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  // A callback hook, not an async one: every request passes it, and a safe method only pays the method check.
  app.addHook('onRequest', (request, _reply, done) => done(csrfRefusal(request, publicUrl)));
}
