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

  constructor(statusCode: number, message: string, details: { type?: string; errors?: FieldErrors } = {}) {
    super(message);
    this.name = 'Problem';
    this.statusCode = statusCode;
    this.type = details.type;
    this.errors = details.errors;
  }
}

/** A 422 whose message is the first error, as Laravel answers a failed validation. */
export function invalid(errors: FieldErrors): Problem {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new Problem(422, first, { errors });
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
