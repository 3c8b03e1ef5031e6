import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { Problem } from '../../../problem.ts';
import { SIGNATURE_HEADER, signBody } from './signature.ts';

// Our calls to Hub88's Operator API (docs.hub88.io, "Games API" and "Freebets API"; decision 0100): each body is the
// JSON Hub88 publishes, signed with our private key over its exact bytes (X-Hub88-Signature), sent with a timeout.
// Hub88 answers a refusal with an HTTP status and `{"error": "..."}`; every failure becomes a Hub88OperatorError,
// which `operatorProblem` turns into what a player or an operator is told. `onCall` hears every call (the console's
// error rate).

export const OPERATOR_PATH = '/operator/generic/v2/';
export const DEMO_CURRENCY = 'XXX';
export type Platform = 'GPL_DESKTOP' | 'GPL_MOBILE';

/** An item of POST game/list, with the fields we use (the rest is ignored). */
const gameItem = z.looseObject({
  game_code: z.string().min(1).max(255),
  name: z.string().min(1).max(255),
  product: z.string().max(255).nullish(),
  category: z.string().max(255).nullish(),
  url_thumb: z.string().max(2048).nullish(),
  url_background: z.string().max(2048).nullish(),
  platforms: z.array(z.string()).nullish(),
  freebet_support: z.boolean().nullish(),
  demo_game_support: z.boolean().nullish(),
  enabled: z.boolean().nullish(),
  blocked_countries: z.array(z.string()).nullish(),
  release_date: z.string().nullish(),
  volatility: z.union([z.number(), z.string()]).nullish(),
  rtp: z.union([z.number(), z.string()]).nullish(),
});
export type Hub88Game = z.infer<typeof gameItem>;

const prepaid = z.looseObject({
  prepaid_uuid: z.string(),
  game_code: z.string(),
  currency: z.string(),
  bet_value: z.number().nullable(),
  bet_count: z.number().nullable(),
});
export type Hub88Prepaid = z.infer<typeof prepaid>;

const reward = z.looseObject({
  reward_uuid: z.string(),
  status: z.string(),
  user: z.string(),
  prepaid_uuid: z.string(),
  game_code: z.string(),
  currency: z.string(),
  bet_value: z.number(),
  bet_count: z.number(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
});
export type Hub88Reward = z.infer<typeof reward>;

/** POST game/url: a real-money launch names the player and their session; a demo has neither (`currency: "XXX"`). */
export type GameUrlRequest = {
  game_code: string;
  currency: string;
  platform: Platform;
  lang: string;
  lobby_url: string;
  ip: string;
  country: string;
  user?: string;
  token?: string;
  deposit_url?: string;
};

export type RewardRequest = {
  user: string;
  prepaid_uuid: string;
  game_code: string;
  /** Hub88 units (1/100,000 of the currency unit). */
  bet_value: number;
  bet_count: number;
  /** YYYY-MM-DDThh:mm:ss, UTC */
  start_time?: string;
  end_time?: string;
};

export type OperatorCall = { endpoint: string; ok: boolean; status: number | null; error: string | null; durationMs: number };

export class Hub88OperatorError extends Error {
  /** What went wrong: no answer in time, no connection, a refusal (an HTTP status), or an answer we could not read. */
  readonly kind: 'timeout' | 'network' | 'refused' | 'unreadable';
  readonly status: number | null;
  constructor(kind: Hub88OperatorError['kind'], message: string, status: number | null = null) {
    super(message);
    this.name = 'Hub88OperatorError';
    this.kind = kind;
    this.status = status;
  }
}

/**
 * The refusal a caller hears for a failed call: the provider's own words stay in the logs and the console. A game the
 * provider does not know (404) is a game not available now; anything else is the provider being unavailable.
 */
export function operatorProblem(error: unknown): Problem {
  if (!(error instanceof Hub88OperatorError)) return error instanceof Problem ? error : new Problem(502, 'The game provider could not be reached.');
  if (error.kind === 'refused' && error.status === 404) {
    return new Problem(409, 'This game is not available from its provider right now. Please choose another game.', { type: 'game_unavailable' });
  }
  if (error.kind === 'timeout')
    return new Problem(504, 'The game provider did not answer in time. Please try again in a moment.', { type: 'provider_unavailable' });
  return new Problem(502, 'The game provider is not available right now. Please try again in a moment.', { type: 'provider_unavailable' });
}

export type Hub88OperatorClient = ReturnType<typeof createHub88OperatorClient>;

export function createHub88OperatorClient({
  apiUrl,
  operatorId,
  privateKey,
  subPartnerId,
  timeoutMs = 10_000,
  onCall,
}: {
  apiUrl: string;
  operatorId: number;
  privateKey: KeyObject | string;
  subPartnerId?: string;
  timeoutMs?: number;
  onCall?: (call: OperatorCall) => void;
}) {
  const base = apiUrl.replace(/\/+$/, '');

  async function call<T>(endpoint: string, fields: Record<string, unknown>, answer: z.ZodType<T>): Promise<T> {
    // operator_id first, as Hub88's examples write it; absent optional fields are left out, never sent as null.
    const body = JSON.stringify({
      operator_id: operatorId,
      ...(subPartnerId ? { sub_partner_id: subPartnerId } : {}),
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    });
    const started = performance.now();
    const report = (ok: boolean, status: number | null, error: string | null) =>
      onCall?.({ endpoint, ok, status, error: error?.slice(0, 500) ?? null, durationMs: Math.round(performance.now() - started) });
    let response: Response;
    try {
      response = await fetch(`${base}${OPERATOR_PATH}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [SIGNATURE_HEADER]: signBody(privateKey, body) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const failure = timedOut
        ? new Hub88OperatorError('timeout', `Hub88 ${endpoint} did not answer within ${timeoutMs} ms`)
        : new Hub88OperatorError('network', `Hub88 ${endpoint} could not be reached: ${(error as Error)?.message ?? String(error)}`);
      report(false, null, failure.message);
      throw failure;
    }
    let text = '';
    try {
      text = await response.text();
    } catch (error) {
      report(false, response.status, `reading the answer failed: ${(error as Error).message}`);
      throw new Hub88OperatorError('network', `Hub88 ${endpoint}: the answer broke off`, response.status);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const said = (json as { error?: unknown } | undefined)?.error;
      const message = `Hub88 ${endpoint} answered ${response.status}${typeof said === 'string' ? `: ${said}` : ''}`;
      report(false, response.status, message);
      throw new Hub88OperatorError('refused', message, response.status);
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) {
      const message = `Hub88 ${endpoint} answered something we cannot read: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
      report(false, response.status, message);
      throw new Hub88OperatorError('unreadable', message, response.status);
    }
    report(true, response.status, null);
    return parsed.data;
  }

  return {
    /** POST game/list: every game Hub88 offers this operator. */
    gameList: () => call('game/list', {}, z.array(gameItem)),

    /** POST game/url: the page to put in the frame. */
    gameUrl: async (request: GameUrlRequest): Promise<string> => (await call('game/url', request, z.object({ url: z.url() }))).url,

    /** POST freebet/prepaids/list: the reward templates of a game. */
    prepaids: (gameCode?: string) => call('freebet/prepaids/list', { game_code: gameCode }, z.array(prepaid)),

    /** POST freebet/rewards/create: free rounds for one player, from a prepaid. */
    createReward: (request: RewardRequest) => call('freebet/rewards/create', request, reward),

    /** POST freebet/rewards/list: a player's rewards (or one). */
    rewards: (filter: { user?: string; reward_uuid?: string; game_code?: string }) => call('freebet/rewards/list', filter, z.array(reward)),
  };
}

/** The device a user agent says: phones and tablets get the mobile layout. */
export function platformOf(userAgent: string | undefined): Platform {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone|webOS|BlackBerry|Opera Mini|IEMobile/i.test(userAgent ?? '') ? 'GPL_MOBILE' : 'GPL_DESKTOP';
}
