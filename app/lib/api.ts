// The app's API client, typed from the contract: the answer of each route is the output of the zod schema the
// server serialises it with (contract/), so a call to a known path needs no hand-written type.
import type { z } from 'zod';
import type {
  loginResponseSchema,
  magicLinkLoginResponseSchema,
  passwordLookupResponseSchema,
  playerSchema,
  registrationResponseSchema,
  resendActivationResponseSchema,
} from '../../contract/accounts.ts';
import type { crashBetsPageSchema } from '../../contract/crash.ts';
import type {
  demoWalletSchema,
  fairnessSeedsSchema,
  favouritesResponseSchema,
  gameDetailSchema,
  gameRoundSchema,
  gamesPageSchema,
  playedRoundSchema,
  roundsPageSchema,
  seedRotationSchema,
} from '../../contract/games.ts';
import type { FieldErrors, messageResponseSchema } from '../../contract/http.ts';
import type { inboxSchema, playerMessageSchema } from '../../contract/messages.ts';
import type { publicSettingsSchema } from '../../contract/site.ts';
import type { verificationSchema } from '../../contract/verification.ts';
import type { depositSchema, paymentMethodSchema, transactionsPageSchema, walletSchema, withdrawalSchema } from '../../contract/wallet.ts';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Out<S extends z.ZodType> = z.output<S>;
type Data<S extends z.ZodType> = { data: z.output<S> };
/** A path with an optional query string. */
type WithQuery<P extends string> = P | `${P}?${string}`;

/** Each route's answer on success: [method, path pattern, answer]. */
type Route =
  | ['POST', '/api/register', Out<typeof registrationResponseSchema>]
  | ['POST', '/api/login', Out<typeof loginResponseSchema>]
  | ['GET', '/api/player', Out<typeof playerSchema>]
  | ['PATCH', '/api/player', Out<typeof playerSchema>]
  | ['POST', '/api/player/password', Out<typeof messageResponseSchema>]
  | ['POST', '/api/player/email', Out<typeof playerSchema>]
  | ['POST', '/api/player/email/confirm', Out<typeof messageResponseSchema>]
  | ['POST', '/api/password/create' | '/api/password/reset', Out<typeof messageResponseSchema>]
  | ['GET', `/api/password/find/${string}`, Out<typeof passwordLookupResponseSchema>]
  | ['POST', '/api/activate' | '/api/sms-activation' | '/api/magic-link', Out<typeof messageResponseSchema>]
  | ['POST', '/api/resend-activation', Out<typeof resendActivationResponseSchema>]
  | ['POST', '/api/magic-link/consume', Out<typeof magicLinkLoginResponseSchema>]
  | ['GET', '/api/settings/get', Data<typeof publicSettingsSchema>]
  | ['GET', '/api/player/wallet', Data<typeof walletSchema>]
  | ['GET', WithQuery<'/api/player/transactions'>, Out<typeof transactionsPageSchema>]
  | ['GET', '/api/payments/methods', Data<z.ZodArray<typeof paymentMethodSchema>>]
  | ['POST', '/api/payments/deposits', Data<typeof depositSchema>]
  | ['GET', `/api/payments/deposits/${string}`, Data<typeof depositSchema>]
  | ['POST', '/api/payments/withdrawals', Data<typeof withdrawalSchema>]
  | ['GET', '/api/payments/withdrawals', Data<z.ZodArray<typeof withdrawalSchema>>]
  | ['GET', '/api/player/messages', Out<typeof inboxSchema>]
  | ['POST', `/api/player/messages/${string}/read`, Data<typeof playerMessageSchema>]
  | ['GET', WithQuery<'/api/games'>, Out<typeof gamesPageSchema>]
  | ['GET', `/api/games/${string}`, Data<typeof gameDetailSchema>]
  | ['GET', '/api/player/favourite/games', Out<typeof favouritesResponseSchema>]
  | ['POST', `/api/player/favourite/games/${string}`, Out<typeof favouritesResponseSchema>]
  | ['GET', WithQuery<'/api/fairness'>, Data<typeof fairnessSeedsSchema>]
  | ['PUT', WithQuery<'/api/fairness/client-seed'>, Data<typeof fairnessSeedsSchema>]
  | ['POST', WithQuery<'/api/fairness/rotate'>, Data<typeof seedRotationSchema>]
  | ['POST', `/api/games/${string}/rounds` | `/api/games/${string}/rounds/${string}/actions`, Data<typeof playedRoundSchema>]
  | ['GET', WithQuery<'/api/player/rounds'>, Out<typeof roundsPageSchema>]
  | ['GET', `/api/player/rounds/${string}`, Data<typeof gameRoundSchema>]
  | ['GET', WithQuery<'/api/player/crash-bets'>, Out<typeof crashBetsPageSchema>]
  | ['GET', '/api/demo/wallet', Data<typeof demoWalletSchema>]
  | ['POST', '/api/demo/wallet/reset', Data<typeof demoWalletSchema>]
  | ['GET', '/api/player/verification', Data<typeof verificationSchema>];

/** The answer of `method path` from the contract, or `unknown` for a path it does not know (name the type then). */
export type ApiAnswer<M extends ApiMethod, P extends string> = [RouteAnswer<M, P, Route>] extends [never] ? unknown : RouteAnswer<M, P, Route>;
type RouteAnswer<M, P, R> = R extends [infer RM, infer RP, infer A] ? (M extends RM ? (P extends RP ? A : never) : never) : never;

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; message: string; type?: string; errors?: FieldErrors };

/**
 * JSON to and from our API. The answer's type comes from the contract for a known `method path` (a literal or
 * template path); a caller may still name it, e.g. for a path built at run time. The session rides on the HttpOnly `token` cookie, so no token is handled
 * here. A network failure is reported like a server error, never thrown.
 */
export async function callApi<M extends ApiMethod, P extends string>(
  method: M,
  path: P,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<ApiResult<ApiAnswer<M, P>>>;
export async function callApi<T>(method: ApiMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
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
