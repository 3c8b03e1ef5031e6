// The app's API client, typed from the contract: each endpoint is one object in contract/ (contract/endpoint.ts), the
// server registers its route from it, and this file derives from the same objects the paths a call may name, the
// body it sends (the input of the body's zod schema) and the answer (the output of the schema the server serialises
// with). Types only: `import type` keeps zod and the schemas out of the browser's bundles.
import type { accountEndpoints } from '../../contract/accounts.ts';
import type { adminAffiliateEndpoints, affiliateEndpoints } from '../../contract/affiliates.ts';
import type { bonusEndpoints } from '../../contract/bonuses.ts';
import type { chainAdminEndpoints } from '../../contract/chain.ts';
import type { clubEndpoints } from '../../contract/clubs.ts';
import type { complianceEndpoints } from '../../contract/compliance.ts';
import type { contentEndpoints } from '../../contract/content.ts';
import type { crashEndpoints } from '../../contract/crash.ts';
import type { Endpoint, RequestBody, SuccessBody } from '../../contract/endpoint.ts';
import type { catalogEndpoints, gameEndpoints } from '../../contract/games.ts';
import type { FieldErrors } from '../../contract/http.ts';
import type { jobEndpoints } from '../../contract/jobs.ts';
import type { jurisdictionAdminEndpoints } from '../../contract/jurisdictions-admin.ts';
import type { limitEndpoints } from '../../contract/limits.ts';
import type { messageEndpoints } from '../../contract/messages.ts';
import type { moneyEndpoints, operatorEndpoints, opsEndpoints, playerAdminEndpoints } from '../../contract/operators.ts';
import type { paymentsAdminEndpoints } from '../../contract/payments-admin.ts';
import type { providerEndpoints } from '../../contract/providers.ts';
import type { regulatorEndpoints } from '../../contract/regulator.ts';
import type { reportEndpoints } from '../../contract/reports.ts';
import type { screeningEndpoints } from '../../contract/screening.ts';
import type { signInEndpoints } from '../../contract/signins.ts';
import type { broadcastingEndpoints, settingsEndpoints } from '../../contract/site.ts';
import type { verificationEndpoints } from '../../contract/verification.ts';
import type { paymentEndpoints, sandboxGatewayEndpoints, walletEndpoints } from '../../contract/wallet.ts';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every endpoint the client knows, by module. */
type EndpointGroups =
  | typeof accountEndpoints
  | typeof settingsEndpoints
  | typeof walletEndpoints
  | typeof paymentEndpoints
  | typeof messageEndpoints
  | typeof catalogEndpoints
  | typeof gameEndpoints
  | typeof crashEndpoints
  | typeof verificationEndpoints
  | typeof bonusEndpoints
  | typeof clubEndpoints
  | typeof limitEndpoints
  | typeof signInEndpoints
  | typeof contentEndpoints
  | typeof affiliateEndpoints
  // aggregators' games (the launch, the console's Providers screen), the lobby's counts, the sandbox network
  | typeof providerEndpoints
  | typeof broadcastingEndpoints
  | typeof sandboxGatewayEndpoints
  // the operators' console
  | typeof operatorEndpoints
  | typeof moneyEndpoints
  | typeof playerAdminEndpoints
  | typeof opsEndpoints
  | typeof paymentsAdminEndpoints
  | typeof adminAffiliateEndpoints
  | typeof chainAdminEndpoints
  | typeof complianceEndpoints
  | typeof screeningEndpoints
  | typeof jurisdictionAdminEndpoints
  | typeof jobEndpoints
  | typeof regulatorEndpoints
  | typeof reportEndpoints;
type KnownEndpoint = EndpointGroups extends infer Group ? (Group extends Group ? Group[keyof Group] : never) : never;

/** A path split at its slashes: `/api/games/x` → ['', 'api', 'games', 'x']. */
type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [P];
/** Whether one segment of a called path fits a route's: a `:param` takes any one segment (no slash), any other must equal. */
type SegmentFits<A extends string, B extends string> = B extends `:${string}` ? (A extends `${string}/${string}` ? false : true) : A extends B ? true : false;
/** Whether a called path's segments fit a route's, one for one. */
type Fits<A extends unknown[], B extends unknown[]> = A extends [infer AH extends string, ...infer AT]
  ? B extends [infer BH extends string, ...infer BT]
    ? SegmentFits<AH, BH> extends true
      ? Fits<AT, BT>
      : false
    : false
  : B extends []
    ? true
    : false;
/** The called path without its query string. */
type PathOf<P extends string> = P extends `${infer Path}?${string}` ? Path : P;
/**
 * Each route as [method, path (Fastify's pattern), whether it reads a query string, whether its path has no
 * `:param`, answer, body].
 */
type RouteOf<E extends Endpoint> = [
  E['method'],
  E['path'],
  E['query'] extends object ? true : false,
  E['path'] extends `${string}:${string}` ? false : true,
  SuccessBody<E>,
  RequestBody<E>,
];
type Route = KnownEndpoint extends infer E ? (E extends Endpoint ? RouteOf<E> : never) : never;
/** The routes `method path` may call: the path fits segment by segment, and a query string only where the route reads one. */
type Candidates<M, P extends string, R> = R extends [infer RM, infer RP extends string, infer Query, boolean, unknown, unknown]
  ? M extends RM
    ? Fits<Segments<PathOf<P>>, Segments<RP>> extends true
      ? P extends `${string}?${string}`
        ? Query extends true
          ? R
          : never
        : R
      : never
    : never
  : never;
/**
 * The route `method path` calls: one without parameters wins over one whose `:param` the same text would fill
 * (`/players/search` over `/players/:id`). A union of paths calls each of its routes.
 */
type Called<M, P extends string> = P extends string
  ? [Extract<Candidates<M, P, Route>, [unknown, unknown, unknown, true, unknown, unknown]>] extends [never]
    ? Candidates<M, P, Route>
    : Extract<Candidates<M, P, Route>, [unknown, unknown, unknown, true, unknown, unknown]>
  : never;

/** The answer of `method path` from the contract, or `unknown` for a path it does not know (name the type then). */
export type ApiAnswer<M extends ApiMethod, P extends string> = [Called<M, P>] extends [never] ? unknown : Called<M, P>[4];
/** The body `method path` takes, from the contract (`undefined` when it takes none), or `unknown` for a path it does not know. */
export type ApiBody<M extends ApiMethod, P extends string> = [Called<M, P>] extends [never] ? unknown : Called<M, P>[5];

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; message: string; type?: string; errors?: FieldErrors };

/**
 * JSON to and from our API. For a known `method path` (a literal or template path) the body and the answer are typed
 * from the contract; for a path built at run time a caller may name the answer, `callApi<Answer>(…)`. The session
 * rides on the HttpOnly `token` cookie, so no token is handled here. A network failure is reported like a server
 * error, never thrown.
 */
export async function callApi<M extends ApiMethod, P extends string>(
  method: M,
  path: P,
  body?: ApiBody<M, P>,
  headers?: Record<string, string>,
): Promise<ApiResult<ApiAnswer<M, P>>>;
/**
 * A path the contract does not know (or one built at run time): the caller names the answer. Left to inference (no
 * answer named), a known path's body must still fit its schema here, so a wrong body matches neither signature.
 */
export async function callApi<T, M extends ApiMethod = ApiMethod, P extends string = string>(
  method: M,
  path: P,
  body?: ApiBody<M, P>,
  headers?: Record<string, string>,
): Promise<ApiResult<T>>;
export async function callApi(method: ApiMethod, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<unknown>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: 'We could not reach the server. Please check your connection and try again.' };
  }
  // A proxy's 502 page, a body cut off mid-way or an answer that is not JSON is reported, never thrown.
  const parsed = await readJson(response);
  if (response.ok && parsed !== undefined) return { ok: true, status: response.status, body: parsed };
  if (parsed === undefined || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: response.status, message: response.ok ? UNREADABLE : SOMETHING_WRONG };
  }
  return {
    ok: false,
    status: response.status,
    message: typeof parsed.message === 'string' ? parsed.message : SOMETHING_WRONG,
    type: typeof parsed.type === 'string' ? parsed.type : undefined,
    errors: (parsed.errors as FieldErrors | undefined) ?? undefined,
  };
}

const SOMETHING_WRONG = 'Something went wrong. Please try again.';
const UNREADABLE = 'We could not read the server’s answer. Please try again.';

/** The JSON body ({} when empty), or undefined when it could not be read or is not JSON. */
async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

/** The first message for each field, as forms show them. */
export function firstErrors(errors: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));
}
