import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { invalid } from '../problem.ts';

// One rule for every string the API accepts, before any route sees it (docs/decisions/0017-request-hygiene.md):
// PostgreSQL refuses NUL in text and JSON, and a lone UTF-16 surrogate cannot be stored as UTF-8 without being
// silently replaced, so both are refused with a 422 naming the field instead of failing as a 500 deep inside a
// query. Pages are not refused here: server/http/ssr.ts shows them as not found.

// A NUL, or a surrogate half that is not part of a pair.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point: PostgreSQL text cannot hold it
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 32;

export const hasForbiddenCharacter = (value: string) => FORBIDDEN.test(value);

/** The dotted path of the first string (or object key) in `value` that holds a forbidden character. */
export function forbiddenField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasForbiddenCharacter(key)) return path || 'body';
    const found = forbiddenField(item, itemPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function refusal(field: string) {
  const label = field.replaceAll('_', ' ').replaceAll('.', ' ');
  return invalid({ [field]: [`The ${label} field contains a character that is not allowed.`] });
}

/**
 * The guard itself, a preValidation hook of every API route (server/http/guards-first.ts attaches it after the
 * route's sign-in guards): after the body is parsed, before the route's schema and handler. A callback hook, not an
 * async one: every API request passes it, and a promise for each was most of what it cost.
 */
export function inputGuard(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const field = forbiddenField(request.params, '') ?? forbiddenField(request.query, '') ?? forbiddenField(request.body, '');
  done(field === undefined ? undefined : refusal(field === '*' ? 'path' : field));
}
