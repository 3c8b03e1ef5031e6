import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RealtimePublicConfig } from '../../contract/site.ts';
import type { Config } from '../config.ts';

// Security headers and the Content-Security-Policy on every response (docs/decisions/0019-security-headers.md).

type SourceDirective = 'script-src' | 'style-src' | 'img-src' | 'font-src' | 'connect-src' | 'frame-src';
export type ThirdPartySources = Partial<Record<SourceDirective, string[]>>;
type ThirdPartyConfig = Pick<Config, 'appEnv' | 'analyticsId' | 'supportChatUrl' | 'visitorTraceUrl'>;

// Google's published CSP host list for Tag Manager with Google Analytics 4.
const TAG_MANAGER: ThirdPartySources = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/**
 * The hosts the operator's third parties need, and only those configured: the tag manager loads only in
 * production with an id (app/lib/analytics.ts), a chat widget brings its scripts, styles, images, fonts, frames
 * and API from its own origin, and the visitor lookup is one fetch.
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
  return TOKEN_PATH.test(path) || (query >= 0 && new URLSearchParams(url.slice(query + 1)).has('magic-token'));
}

// The back office's pages (not its API): their document viewer shows decrypted identity documents the page fetched
// with the staff token, as blob: URLs (docs/decisions/0084-admin-console.md). Only these pages may load blob: images,
// objects and frames; everywhere else object-src stays 'none' and nothing is allowed from blob:.
const ADMIN_PAGE = /^\/admin(?:[/?.]|$)/;
export const isAdminPage = (url: string) => ADMIN_PAGE.test(url);

// The request's Host header ends up in the policy only when it is a plain host name.
const PLAIN_HOST = /^[A-Za-z0-9.-]{1,253}$/;

type RequestPolicy = { nonce: string; inlineStyles: boolean; connect: string };

export async function installSecurityHeaders(
  app: FastifyInstance,
  { config, realtime, development }: { config: Config; realtime: () => RealtimePublicConfig | null; development: boolean },
) {
  const thirdParty = thirdPartySources(config);
  const fallbackHost = new URL(config.publicUrl).hostname;
  const policies = new WeakMap<IncomingMessage, RequestPolicy>();
  const policyOf = (request: IncomingMessage) => policies.get(request)!;

  const policyFor = (request: FastifyRequest): RequestPolicy => {
    const host = PLAIN_HOST.test(request.hostname) ? request.hostname : fallbackHost;
    // Vite's dev server injects unsigned <style> tags and serves HMR on its own port.
    const connect = ["'self'", realtimeSource(realtime(), host), development ? `ws://${host}:*` : null].filter(Boolean).join(' ');
    // The sandbox gateway's hosted pages carry one inline <style> and no scripts; the API reference's viewer
    // (Scalar, /api/docs) injects <style> elements without the nonce. Scripts stay nonce-only everywhere.
    const inlineStyles = development || request.url.startsWith('/sandbox-gateway/') || request.url.startsWith('/api/docs/');
    return { nonce: randomBytes(16).toString('base64'), inlineStyles, connect };
  };

  // helmet leaves an existing decorator alone; the nonce must exist before its hook writes the policy. Fastify
  // wants reference-type decorators to start as null, which helmet's type for the field does not admit.
  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  app.addHook('onRequest', async (request, reply) => {
    const policy = policyFor(request);
    policies.set(request.raw, policy);
    reply.cspNonce = { script: policy.nonce, style: policy.nonce };
  });

  const hosts = (directive: SourceDirective) => thirdParty[directive] ?? [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (request) => `'nonce-${policyOf(request).nonce}'`, ...hosts('script-src')],
        'script-src-attr': ["'none'"],
        'style-src': [
          "'self'",
          (request) => (policyOf(request).inlineStyles ? "'unsafe-inline'" : `'nonce-${policyOf(request).nonce}'`),
          ...hosts('style-src'),
        ],
        // React renders style props (game art, loading bar) as attributes; an attribute cannot load or run anything.
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", (request) => (isAdminPage(request.url ?? '') ? 'data: blob:' : 'data:'), ...hosts('img-src')],
        'font-src': ["'self'", ...hosts('font-src')],
        'connect-src': [(request) => policyOf(request).connect, ...hosts('connect-src')],
        // Chromium shows a PDF <object> in a frame of its viewer: framing the blob needs frame-src too.
        'frame-src': [(request) => (isAdminPage(request.url ?? '') ? "'self' blob:" : "'self'"), ...hosts('frame-src')],
        'frame-ancestors': ["'none'"],
        'object-src': [(request) => (isAdminPage(request.url ?? '') ? 'blob:' : "'none'")],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.appEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (urlCarriesToken(request.url)) reply.raw.setHeader('Referrer-Policy', 'no-referrer');
  });
}
