// One object per API endpoint (issue 27 §3): its method, path, inputs, answers and who may call it. The server
// registers its route from the object (server/http/endpoints.ts), the OpenAPI document is generated from it and the
// app's client takes its types from it (app/lib/api.ts), so an endpoint is written down once.
// Plain data: zod is only named as a type here, so the browser may import this file (decision 0095); the objects
// themselves live beside their schemas in the contract's schema modules.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, checked before its input (server/http/guards-first.ts):
 * - `public`: anyone;
 * - `optional-player`: anyone, but a presented player token changes the answer (demo or real play, one's own bet);
 * - `player`: a signed-in player; `not-blocked`: one whose account is not blocked; `active-player`: also activated;
 * - `operator`: a signed-in, enrolled staff member with the endpoint's `permission` (the admin role without one);
 * - `staff-session`: any signed-in staff member, even one who must still enrol two-factor sign-in;
 * - `affiliate`: an approved affiliate.
 */
export type EndpointAuth = 'public' | 'optional-player' | 'player' | 'not-blocked' | 'active-player' | 'operator' | 'staff-session' | 'affiliate';

/** A 2xx answer with no body (204). */
export type NoContent = { readonly kind: 'no-content'; readonly description: string };
/** A 2xx answer that is a file or text (CSV, an uploaded document), not JSON. */
export type FileAnswer = { readonly kind: 'file'; readonly contentType: string; readonly description: string };
/** What an endpoint answers with one status: a JSON body's schema, nothing, or a file. */
export type EndpointAnswer = z.ZodType | NoContent | FileAnswer;

export type Endpoint = {
  readonly method: HttpMethod;
  /** Fastify's pattern: `/api/games/:slug/rounds`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every answer on success (2xx): the handler's answer is sent with the only one, or with `status`. */
  readonly responses: Readonly<Record<number, EndpointAnswer>>;
  /** Where `responses` has more than one 2xx: the one the handler's answer is sent with (it sends the others itself). */
  readonly status?: number;
  readonly auth: EndpointAuth;
  /** The permission an `operator` endpoint demands (server/modules/operators/permissions.ts). */
  readonly permission?: string;
  /**
   * `true`: the `Idempotency-Key` header is required (every money-moving request, DESIGN.md);
   * `'real-play'`: required when a player plays for real money, not in demo play.
   */
  readonly idempotent?: true | 'real-play';
  /** Request media types other than JSON (a multipart upload). */
  readonly consumes?: readonly string[];
  /** The OpenAPI operation's one-line summary and its unique id. */
  readonly summary: string;
  readonly operationId: string;
};

/** An endpoint, kept with its literal types so the server and the client can read them. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

export const noContent = (description: string): NoContent => ({ kind: 'no-content', description });
export const fileAnswer = (contentType: string, description: string): FileAnswer => ({ kind: 'file', contentType, description });

/** The status an endpoint answers with on success. */
export type SuccessStatus<E extends Endpoint> = E['status'] extends number ? E['status'] : Extract<keyof E['responses'], 200 | 201 | 202 | 204>;
/** The JSON body an endpoint answers on success (`undefined` for none, `unknown` for a file). */
export type SuccessBody<E extends Endpoint> = E['responses'][SuccessStatus<E>] extends infer A
  ? A extends z.ZodType
    ? z.output<A>
    : A extends NoContent
      ? undefined
      : unknown
  : never;
/** The request body an endpoint takes, as the caller writes it. */
export type RequestBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** `/api/games/:slug/rounds` as the paths it stands for: `/api/games/${string}/rounds`. */
export type PathPattern<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${PathPattern<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
