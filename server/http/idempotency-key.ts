import type { FastifyRequest } from 'fastify';
import { Problem } from '../problem.ts';

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * The `Idempotency-Key` header every money-moving request carries (DESIGN.md): 1 to 200 visible ASCII
 * characters. Absent, it is a 400 where `required`, else null (demo play, which moves no money).
 */
export function idempotencyKey(request: FastifyRequest, required: true): string;
export function idempotencyKey(request: FastifyRequest, required: false): string | null;
export function idempotencyKey(request: FastifyRequest, required: boolean): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined || value === '') {
    if (!required) return null;
    throw new Problem(400, 'The Idempotency-Key header is required.', { type: 'idempotency' });
  }
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new Problem(400, 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.', { type: 'idempotency' });
  }
  return value;
}
