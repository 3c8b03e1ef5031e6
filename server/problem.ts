import type { FieldErrors } from '../contract/accounts.ts';

/**
 * A refusal a service hands to its caller: the HTTP status, the message shown to the player and,
 * Laravel-style, a `type` (403 `inactive`, 423 `blocked`, 429 `throttled`) or the field `errors` of a 422.
 * server/http/errors.ts turns it into the response; nothing else about it is HTTP.
 */
export class Problem extends Error {
  readonly statusCode: number;
  readonly type: string | undefined;
  readonly errors: FieldErrors | undefined;
  /** More fields of the answer beside `message` and `type` (a limit refusal names the limit). */
  readonly body: Record<string, unknown> | undefined;

  constructor(statusCode: number, message: string, details: { type?: string; errors?: FieldErrors; body?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'Problem';
    this.statusCode = statusCode;
    this.type = details.type;
    this.errors = details.errors;
    this.body = details.body;
  }
}

/**
 * A 422 whose message is the first error, followed by "(and N more errors)" when there are others, as
 * Laravel's ValidationException::summarize words it (every message of every field counts).
 */
export function invalid(errors: FieldErrors): Problem {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return new Problem(422, more > 0 ? `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})` : first, { errors });
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
