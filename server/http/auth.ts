import type { FastifyReply, FastifyRequest } from 'fastify';

/** The player's session cookie (SPEC.md §3): HttpOnly, Secure, SameSite=Strict, Path=/ (docs/decisions/0010). */
export const TOKEN_COOKIE = 'token';

/** `Authorization: Bearer <token>` only: how API clients and operators authenticate. */
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
