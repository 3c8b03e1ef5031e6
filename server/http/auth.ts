import type { FastifyReply, FastifyRequest } from 'fastify';

/** The player's session cookie (SPEC.md §3): HttpOnly, Secure, SameSite=Strict, Path=/ (docs/decisions/0010). */
export const TOKEN_COOKIE = 'token';

/** `Authorization: Bearer <token>` only: how API clients authenticate. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/** A player's token: the bearer header when present, else the `token` cookie the browser sends. */
export function presentedToken(request: FastifyRequest): string | undefined {
  if (request.headers.authorization) return bearerToken(request);
  return request.cookies[TOKEN_COOKIE] || undefined;
}

export function setTokenCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(TOKEN_COOKIE, token, { path: '/', httpOnly: true, secure: true, sameSite: 'strict', expires: expiresAt });
}

export function clearTokenCookie(reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'strict' });
}

/**
 * The console's session cookie (docs/decisions/0084-admin-console.md): HttpOnly, Strict, sent only to the console's
 * pages and the operator API, so every tab of one browser shares one staff session and no player route ever sees it.
 */
export const STAFF_COOKIE = 'staff_token';
const STAFF_COOKIE_PATHS = ['/admin', '/api/admin'] as const;
const staffCookieOptions = { httpOnly: true, secure: true, sameSite: 'strict' } as const;

export function setStaffCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  for (const path of STAFF_COOKIE_PATHS) reply.setCookie(STAFF_COOKIE, token, { ...staffCookieOptions, path, expires: expiresAt });
}

export function clearStaffCookie(reply: FastifyReply): void {
  for (const path of STAFF_COOKIE_PATHS) reply.clearCookie(STAFF_COOKIE, { ...staffCookieOptions, path });
}

/** A staff member's token: the bearer header (the CLI, API clients) when present, else the console's cookie. */
export function presentedStaffToken(request: FastifyRequest): string | undefined {
  if (request.headers.authorization) return bearerToken(request);
  return request.cookies[STAFF_COOKIE] || undefined;
}

/**
 * The affiliate portal's session cookie (docs/decisions/0107-affiliates.md): HttpOnly, Secure, Strict, sent only to the
 * portal's pages and the affiliates' API, so no player or staff route ever sees it, and theirs never reach the portal.
 */
export const AFFILIATE_COOKIE = 'affiliate_token';
const AFFILIATE_COOKIE_PATHS = ['/affiliates', '/api/affiliates'] as const;
const affiliateCookieOptions = { httpOnly: true, secure: true, sameSite: 'strict' } as const;

export function setAffiliateCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  for (const path of AFFILIATE_COOKIE_PATHS) reply.setCookie(AFFILIATE_COOKIE, token, { ...affiliateCookieOptions, path, expires: expiresAt });
}

export function clearAffiliateCookie(reply: FastifyReply): void {
  for (const path of AFFILIATE_COOKIE_PATHS) reply.clearCookie(AFFILIATE_COOKIE, { ...affiliateCookieOptions, path });
}

/** An affiliate's token: the bearer header when present (API clients), else the portal's cookie. */
export function presentedAffiliateToken(request: FastifyRequest): string | undefined {
  if (request.headers.authorization) return bearerToken(request);
  return request.cookies[AFFILIATE_COOKIE] || undefined;
}
