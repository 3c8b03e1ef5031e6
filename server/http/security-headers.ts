import { randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RealtimePublicConfig } from '../../contract/site.ts';
import type { Config } from '../config.ts';

// Security headers and the Content-Security-Policy on every response (docs/decisions/0019-security-headers.md).
// They are helmet's headers with our policy, written by one hook from values computed at start-up: @fastify/helmet
// built a new helmet middleware, and parsed the policy's directives again, for every request, which was the
// largest part of what an API answer cost the server (bench/README.md, "Login, HTTP and Lighthouse").

type SourceDirective = 'script-src' | 'style-src' | 'img-src' | 'font-src' | 'connect-src' | 'frame-src';
export type ThirdPartySources = Partial<Record<SourceDirective, string[]>>;
type ThirdPartyConfig = Pick<Config, 'appEnv' | 'analyticsId' | 'supportChatUrl' | 'visitorTraceUrl'> & {
  hub88?: Pick<NonNullable<Config['hub88']>, 'apiUrl'> & Partial<Pick<NonNullable<Config['hub88']>, 'gameOrigins'>>;
};

// Google's published CSP host list for Tag Manager with Google Analytics 4.
const TAG_MANAGER: ThirdPartySources = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/**
 * Where Hub88's game pages and tile art come from: the origin of HUB88_API_URL (the reference aggregator serves its
 * pages and thumbnails from the origin it answers the Operator API on), with its localhost / 127.0.0.1 twin, as a
 * browser may know a local aggregator by either name (docs/decisions/0100).
 */
export function hub88Origins(apiUrl: string): string[] {
  const url = new URL(apiUrl);
  const twins: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const twin = twins[url.hostname];
  return twin ? [url.origin, `${url.protocol}//${twin}${url.port ? `:${url.port}` : ''}`] : [url.origin];
}

/**
 * The hosts the operator's third parties need, and only those configured: the tag manager loads only in
 * production with an id (app/lib/analytics.ts), a chat widget brings its scripts, styles, images, fonts, frames
 * and API from its own origin, the visitor lookup is one fetch, and Hub88's games are framed pages with their art
 * (from HUB88_API_URL's origin and the studios' HUB88_GAME_ORIGINS).
 */
export function thirdPartySources(config: ThirdPartyConfig): ThirdPartySources {
  const sources: ThirdPartySources = {};
  const add = (more: ThirdPartySources) => {
    for (const [directive, hosts] of Object.entries(more) as [SourceDirective, string[]][]) sources[directive] = [...(sources[directive] ?? []), ...hosts];
  };
  if (config.appEnv === 'production' && config.analyticsId) add(TAG_MANAGER);
  if (config.supportChatUrl) {
    const chat = [new URL(config.supportChatUrl).origin];
    add({ 'script-src': chat, 'style-src': chat, 'img-src': chat, 'font-src': chat, 'connect-src': chat, 'frame-src': chat });
  }
  if (config.visitorTraceUrl) add({ 'connect-src': [new URL(config.visitorTraceUrl).origin] });
  if (config.hub88) {
    // A real Hub88 serves its studios' games from their own hosts (HUB88_GAME_ORIGINS), not from its API's.
    const games = [...new Set([...hub88Origins(config.hub88.apiUrl), ...(config.hub88.gameOrigins ?? [])])];
    add({ 'frame-src': games, 'img-src': games });
  }
  return sources;
}

/** Where pusher-js connects, as app/lib/realtime.ts builds it: an empty host means the page's own. */
export function realtimeSource(realtime: RealtimePublicConfig | null, pageHost: string): string | null {
  if (!realtime) return null;
  return `${realtime.scheme === 'https' ? 'wss' : 'ws'}://${realtime.host || pageHost}:${realtime.port || 8080}`;
}

// Pages and API paths whose URL carries a secret (reset, activation, referral and checkout ids, sign-in links):
// their address must not leak to another site through the Referer header. Routes match case-insensitively.
const TOKEN_PATH = /^(?:\/en)?\/(?:account\/reset-password|player\/activate|refer-a-friend)(?:[/.]|$)|^\/api\/password\/find\/|^\/sandbox-gateway\//i;

export function urlCarriesToken(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (TOKEN_PATH.test(path)) return true;
  if (query < 0) return false;
  // A player's magic sign-in link, and an affiliate's one-time sign-in link (/affiliates/sign-in, decision 0107).
  const params = new URLSearchParams(url.slice(query + 1));
  return params.has('magic-token') || params.has('affiliate_token');
}

// The back office's pages (not its API): their document viewer shows decrypted identity documents the page fetched
// with the staff token, as blob: URLs (docs/decisions/0084-admin-console.md). Only these pages may load blob: images,
// objects and frames; everywhere else object-src stays 'none' and nothing is allowed from blob:.
const ADMIN_PAGE = /^\/admin(?:[/?.]|$)/;
export const isAdminPage = (url: string) => ADMIN_PAGE.test(url);

// The request's Host header ends up in the policy only when it is a plain host name.
const PLAIN_HOST = /^[A-Za-z0-9.-]{1,253}$/;

/** What a response's policy follows from besides its nonce. */
type PolicyKind = { inlineStyles: boolean; admin: boolean; connect: string };
/** Where the response's nonce goes. */
const NONCE = Symbol('nonce');
type Source = string | ((kind: PolicyKind) => string | typeof NONCE);

/**
 * The policy of one kind of request as the text around its nonces, written as helmet writes a policy
 * (`name source source;name …`), which the tests and the browser suite read. A response then costs its nonce and a
 * few concatenations, not a walk over the directives.
 */
function compilePolicy(directives: ReadonlyArray<readonly [string, readonly (Source | typeof NONCE)[]]>): (kind: PolicyKind) => string[] {
  return (kind) => {
    const pieces: string[] = [];
    let text = '';
    for (const [index, [name, sources]] of directives.entries()) {
      text += `${index === 0 ? '' : ';'}${name}`;
      for (const source of sources) {
        const value = typeof source === 'function' ? source(kind) : source;
        if (value !== NONCE) {
          text += ` ${value}`;
          continue;
        }
        pieces.push(`${text} 'nonce-`);
        text = "'";
      }
    }
    pieces.push(text);
    return pieces;
  };
}

// A nonce is 16 random bytes in base64. They are drawn from a pool refilled 256 nonces at a time, so a response
// does not pay a call into the CSPRNG of its own (crypto.randomUUID caches its entropy the same way). No two
// responses share bytes: each nonce takes the next 16.
const NONCE_BYTES = 16;
const noncePool = Buffer.allocUnsafeSlow(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;
function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonce, for the inline scripts and styles of a page (one value for both). */
    cspNonce: { script: string; style: string };
  }
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  { config, realtime, development }: { config: Config; realtime: () => RealtimePublicConfig | null; development: boolean },
) {
  const thirdParty = thirdPartySources(config);
  const hosts = (directive: SourceDirective) => thirdParty[directive] ?? [];
  const policyPieces = compilePolicy([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", NONCE, ...hosts('script-src')]],
    ['script-src-attr', ["'none'"]],
    // The sandbox gateway's hosted pages carry one inline <style> and no scripts; the API reference's viewer
    // (Scalar, /api/docs) injects <style> elements without the nonce. Scripts stay nonce-only everywhere.
    ['style-src', ["'self'", ({ inlineStyles }) => (inlineStyles ? "'unsafe-inline'" : NONCE), ...hosts('style-src')]],
    // React renders style props (game art, loading bar) as attributes; an attribute cannot load or run anything.
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", ({ admin }) => (admin ? 'data: blob:' : 'data:'), ...hosts('img-src')]],
    ['font-src', ["'self'", ...hosts('font-src')]],
    ['connect-src', [({ connect }) => connect, ...hosts('connect-src')]],
    // Chromium shows a PDF <object> in a frame of its viewer: framing the blob needs frame-src too.
    ['frame-src', [({ admin }) => (admin ? "'self' blob:" : "'self'"), ...hosts('frame-src')]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', [({ admin }) => (admin ? 'blob:' : "'none'")]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ]);

  const fallbackHost = new URL(config.publicUrl).hostname;
  const connectSources = (host: string): string => {
    const socket = realtimeSource(realtime(), host);
    // A source must not end its directive or the policy (as helmet refused them): the realtime host is configured.
    if (socket !== null && /[;,]/.test(socket)) throw new Error('The realtime host cannot go into the Content-Security-Policy.');
    // Vite's dev server serves HMR on its own port.
    return `'self'${socket === null ? '' : ` ${socket}`}${development ? ` ws://${host}:*` : ''}`;
  };

  // The policy's text for each kind of request, made on its first request and kept while the realtime address
  // stays the same. There are few kinds (page or back-office page, inline styles or not, and the host, which is
  // nearly always the site's own); the host comes from the request, so the cache starts again at 64 kinds.
  const kinds = new Map<string, string[]>();
  let kindsFor = realtime();
  const piecesFor = (inlineStyles: boolean, admin: boolean, host: string): string[] => {
    const live = realtime();
    if (live !== kindsFor) {
      kinds.clear();
      kindsFor = live;
    }
    const key = `${inlineStyles ? 's' : '-'}${admin ? 'a' : '-'}${host}`;
    let pieces = kinds.get(key);
    if (pieces === undefined) {
      pieces = policyPieces({ inlineStyles, admin, connect: connectSources(host) });
      if (kinds.size >= 64) kinds.clear();
      kinds.set(key, pieces);
    }
    return pieces;
  };

  // helmet's headers besides the policy, in its order, fixed for the process (Referrer-Policy and HSTS take their
  // place in it). Nothing in the stack sets X-Powered-By, which helmet removed.
  const hsts = config.appEnv === 'production' ? 'max-age=31536000; includeSubDomains' : null;
  const leading: ReadonlyArray<readonly [string, string]> = [
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
  ];
  const trailing: ReadonlyArray<readonly [string, string]> = [
    ...(hsts === null ? [] : [['strict-transport-security', hsts] as const]),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
  // Every answer in production goes out through Fastify's reply, which writes its headers with the status line in
  // one pass; setting them on the raw response as well costs Node a second copy of each. In development Vite's
  // middleware answers its modules on the raw response, so there they are set on that.
  const put: (reply: FastifyReply, name: string, value: string) => void = development
    ? (reply, name, value) => reply.raw.setHeader(name, value)
    : (reply, name, value) => reply.header(name, value);

  // The first onRequest hook, so every answer carries them: routes, 404s, errors, static files, pages. A callback
  // hook: no promise per request.
  // Fastify wants reference-type decorators to start as null, which the field's type does not admit.
  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const hostname = request.hostname;
    // Vite's dev server injects unsigned <style> tags.
    const inlineStyles = development || url.startsWith('/sandbox-gateway/') || url.startsWith('/api/docs/');
    const pieces = piecesFor(inlineStyles, isAdminPage(url), PLAIN_HOST.test(hostname) ? hostname : fallbackHost);
    const nonce = nextNonce();
    let policy = pieces[0]!;
    for (let i = 1; i < pieces.length; i++) policy += nonce + pieces[i];
    reply.cspNonce = { script: nonce, style: nonce };
    put(reply, 'content-security-policy', policy);
    for (const [name, value] of leading) put(reply, name, value);
    put(reply, 'referrer-policy', urlCarriesToken(url) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    for (const [name, value] of trailing) put(reply, name, value);
    done();
  });
}
