import type { FastifyInstance, RouteOptions } from 'fastify';
import { inputGuard } from './input-guard.ts';

// Who is asking comes before what they sent (issue 36): a route's sign-in and permission guards run before its
// schema validates the request, as Laravel's middleware runs before its form requests, so a caller without
// credentials gets 401 (and staff without the permission 403) and never a 422 that would describe the schema.
// Routes declare their guards as `preHandler`s, the natural place to read; this hook moves them, in order, to the
// front of the route's `preValidation`, ahead of the input guard, which it also attaches to API routes only.

/** The pre-handlers that sign a player in (server/http/player-guards.ts), by name. */
export const PLAYER_GUARDS: ReadonlySet<string> = new Set(['signedIn', 'notBlocked', 'activePlayer']);
/** The operator guards (server/modules/operators/guards.ts): staff sessions, the admin role, a named permission. */
export const OPERATOR_GUARDS: ReadonlySet<string> = new Set(['operatorOnly', 'staffSession', 'requirePermission']);

/** The affiliate portal's session guard (server/modules/affiliates/guards.ts, docs/decisions/0107). */
export const AFFILIATE_GUARDS: ReadonlySet<string> = new Set(['affiliateSession']);

/** Callers who prove themselves otherwise: a payment gateway's signed notification, a game aggregator's signed call. */
const SIGNATURE_GUARDS: ReadonlySet<string> = new Set(['gatewaySigned', 'hub88Signed', 'signerSigned']);

const isGuard = (handler: unknown) =>
  typeof handler === 'function' &&
  (PLAYER_GUARDS.has(handler.name) || OPERATOR_GUARDS.has(handler.name) || AFFILIATE_GUARDS.has(handler.name) || SIGNATURE_GUARDS.has(handler.name));

/** The names of a route's guards, wherever they sit now. */
export const guardNames = (route: Pick<RouteOptions, 'preHandler' | 'preValidation'> | undefined): string[] =>
  [route?.preValidation ?? [], route?.preHandler ?? []]
    .flat()
    .filter(isGuard)
    .map((handler) => (handler as { name: string }).name);

/** The permission a route's operator guard demands ('admin' for the admin role), if it names one. */
export const guardPermission = (route: Pick<RouteOptions, 'preHandler' | 'preValidation'>): string | undefined =>
  [route.preValidation ?? [], route.preHandler ?? []]
    .flat()
    .filter(isGuard)
    .map((handler) => (handler as { permission?: string }).permission)
    .find((permission) => permission !== undefined);

/** Whether a route is part of the JSON API (guarded input) rather than a page. */
export const isApiUrl = (url: string) => url.startsWith('/api/') || url.startsWith('/broadcasting/') || url.startsWith('/sandbox-gateway/');

/** Register before any route: every route added afterwards, in any plugin, gets its guards first. */
export function installGuardsFirst(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guards = preHandlers.filter(isGuard);
    const input = isApiUrl(route.url) ? [inputGuard] : [];
    if (guards.length === 0 && input.length === 0) return;
    route.preHandler = preHandlers.filter((handler) => !isGuard(handler));
    route.preValidation = [...guards, ...input, ...[route.preValidation ?? []].flat()] as RouteOptions['preValidation'];
  });
}
