import type { FastifyRequest } from 'fastify';
import { parseIdempotencyKey } from '../modules/shared/idempotency.ts';

/**
 * The `Idempotency-Key` header every money-moving request carries (DESIGN.md): 1 to 200 visible ASCII
 * characters. Absent, it is a 400 where `required`, else null (demo play, which moves no money).
 * The rule itself is `parseIdempotencyKey` (server/modules/shared/idempotency.ts).
 */
export function idempotencyKey(request: FastifyRequest, required: true): string;
export function idempotencyKey(request: FastifyRequest, required: false): string | null;
export function idempotencyKey(request: FastifyRequest, required: boolean): string | null {
  return parseIdempotencyKey(request.headers['idempotency-key'], required);
}
