import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Precognition as Laravel does it (DESIGN.md): `Precognition: true` asks for validation only, and
 * `Precognition-Validate-Only: a,b` narrows it to those fields. Null for an ordinary request.
 */
export function precognitionRequest(request: FastifyRequest): { fields: string[] | undefined } | null {
  if (String(request.headers.precognition ?? '').toLowerCase() !== 'true') return null;
  const only = request.headers['precognition-validate-only'];
  const list = (Array.isArray(only) ? only.join(',') : (only ?? ''))
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  return { fields: list.length > 0 ? list : undefined };
}

/** Marks the answer to a precognitive request; call before validating so a 422 carries it too. */
export function markPrecognitive(reply: FastifyReply): void {
  reply.header('precognition', 'true');
}

/** The 204 of a dry run that found nothing wrong. */
export function precognitionSucceeded(reply: FastifyReply) {
  return reply.header('precognition-success', 'true').code(204).send();
}

/** onSend hook for precognitive routes: caches must keep dry runs and real requests apart. */
export async function varyOnPrecognition(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const vary = reply.getHeader('vary');
  const values = String(vary ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value.toLowerCase() === 'precognition')) reply.header('vary', [...values, 'Precognition'].join(', '));
  return payload;
}
