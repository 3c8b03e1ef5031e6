// Building blocks of the API's request and response schemas (zod): the one source from which the server validates
// and serialises, the OpenAPI document is generated and the app's API client is typed. Imports nothing of ours.
// Request schemas carry only the rules; server/http/errors.ts words a failure the way Laravel would.
import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and asks whether it may as soon as an object
// schema is built. The site's CSP allows no 'unsafe-eval' (decision 0019), so in a browser zod runs without it;
// every contract module imports this one before building a schema. The server keeps the compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** A bounded string: anything longer is refused with a 422 before any work is done. */
export const text = (maxLength: number) => z.string().max(maxLength);
/** A bounded string or null. */
export const nullableText = (maxLength: number) => z.string().max(maxLength).nullable();
/** A path or query parameter that must match `pattern` (query strings and paths are strings: no coercion). */
export const matching = (pattern: RegExp | string) => z.string().regex(typeof pattern === 'string' ? new RegExp(pattern) : pattern);
/** A plain UUID (no `urn:uuid:` prefix, which PostgreSQL's uuid type refuses). */
export const UUID_TEXT = matching(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);
/** Page numbers in a query string. */
export const PAGE = matching(/^[1-9][0-9]{0,5}$/);
export const PER_PAGE = matching(/^([1-9][0-9]?|100)$/);

/** `{ data: T }`, the envelope of most answers. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const pageMetaSchema = z.object({ current_page: z.int(), per_page: z.int(), total: z.int(), last_page: z.int() });

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;
/** A Laravel-shaped validation failure (HTTP 422). */
export const validationErrorBodySchema = z.object({ message: z.string(), errors: fieldErrorsSchema }).meta({ id: 'ValidationError' });
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;
/** Any other failure: `type` is `inactive` (403), `blocked` (423), `throttled` (429)… */
export const errorBodySchema = z.object({ message: z.string(), type: z.string().optional() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{message, status}` answers (activation, password reset, …). */
export const messageResponseSchema = z.object({ message: z.string(), status: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
