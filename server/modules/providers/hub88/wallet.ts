import type { z } from 'zod';
import { requestHashOf } from '../../shared/idempotency.ts';
import type { Outcome, ProvidersService } from '../service.ts';
import { centsOf, HUB88, HUB88_REQUESTS, type Hub88Answer, type Hub88Path, type Hub88Status, hub88UnitsOf, REQUIRED, requestUuidOf } from './protocol.ts';

// The Hub88 Wallet API on top of the providers service (docs/decisions/0096-hub88-seamless-wallet.md): a signed
// body (routes.ts checked the signature over its bytes) is read, checked, turned into our minor units and handed to
// the service; its outcome becomes Hub88's status. No rule of money lives here.

/** What each outcome of ours is called in Hub88's words. */
const STATUS_OF: Record<Outcome['outcome'], Hub88Status> = {
  ok: 'RS_OK',
  not_enough_money: 'RS_ERROR_NOT_ENOUGH_MONEY',
  user_disabled: 'RS_ERROR_USER_DISABLED',
  // A bonus rule (the maximum bet while a bonus is active) has no status of its own.
  refused: 'RS_ERROR_UNKNOWN',
  rolled_back: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  invalid_token: 'RS_ERROR_INVALID_TOKEN',
  token_expired: 'RS_ERROR_TOKEN_EXPIRED',
  unknown_user: 'RS_ERROR_UNKNOWN',
  wrong_currency: 'RS_ERROR_WRONG_CURRENCY',
  invalid_game: 'RS_ERROR_INVALID_GAME',
  duplicate: 'RS_ERROR_DUPLICATE_TRANSACTION',
  does_not_exist: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
};

type Parsed<P extends Hub88Path> = z.infer<(typeof HUB88_REQUESTS)[P]>;

/** A request refused before it is read further: malformed, or for a partner that is not us. */
class Refusal extends Error {
  readonly status: Hub88Status;
  readonly requestUuid: string | undefined;
  constructor(status: Hub88Status, requestUuid?: string) {
    super(status);
    this.status = status;
    this.requestUuid = requestUuid;
  }
}

/** The body as the path's request: WRONG_SYNTAX when it is no JSON object or lacks a field, WRONG_TYPES when a field has the wrong type. */
function parse<P extends Hub88Path>(path: P, raw: string): Parsed<P> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  const fields = body as Record<string, unknown>;
  const requestUuid = requestUuidOf(raw).request_uuid;
  if (REQUIRED[path].some((field) => fields[field] === undefined || fields[field] === null)) throw new Refusal('RS_ERROR_WRONG_SYNTAX', requestUuid);
  const parsed = HUB88_REQUESTS[path].safeParse(body);
  if (!parsed.success) throw new Refusal('RS_ERROR_WRONG_TYPES', requestUuid);
  return parsed.data as Parsed<P>;
}

/** An amount in Hub88 units as cents: a negative one, or one that is not whole cents, does not fit the request's form. */
function cents(amount: number, requestUuid: string): number {
  const value = centsOf(amount);
  if (value === null) throw new Refusal('RS_ERROR_WRONG_SYNTAX', requestUuid);
  return value;
}

export type Hub88Wallet = ReturnType<typeof createHub88Wallet>;

export function createHub88Wallet({ providers, currency, subPartnerId }: { providers: ProvidersService; currency: string; subPartnerId: string | undefined }) {
  const answer = (requestUuid: string, outcome: Outcome): Hub88Answer => {
    const status = STATUS_OF[outcome.outcome];
    if (!outcome.player || outcome.balance === null) return { status, request_uuid: requestUuid };
    return { user: outcome.player.reference, status, request_uuid: requestUuid, currency, balance: hub88UnitsOf(outcome.balance) };
  };

  /** A sub-partner we are not (or any, when we have none): the call is for another site. */
  const checkPartner = (body: { sub_partner_id?: string | null; request_uuid: string }) => {
    if (body.sub_partner_id != null && body.sub_partner_id !== subPartnerId) throw new Refusal('RS_ERROR_INVALID_PARTNER', body.request_uuid);
  };

  const handlers: { [P in Hub88Path]: (body: Parsed<P>) => Promise<Hub88Answer> } = {
    async '/user/info'(body) {
      const found = await providers.info(HUB88, body.user);
      if (!found) return { status: 'RS_ERROR_UNKNOWN', request_uuid: body.request_uuid };
      const { profile } = found;
      return {
        user: body.user,
        status: 'RS_OK',
        request_uuid: body.request_uuid,
        ...(profile.country ? { country: profile.country } : {}),
        ...(subPartnerId ? { sub_partner_id: subPartnerId } : {}),
        ...(profile.birthDate ? { birth_date: profile.birthDate } : {}),
        registration_date: profile.registeredAt.toISOString().slice(0, 10),
      };
    },

    async '/user/balance'(body) {
      return answer(body.request_uuid, await providers.balance(HUB88, { user: body.user, token: body.token }));
    },

    async '/transaction/bet'(body) {
      const amount = cents(body.amount, body.request_uuid);
      const outcome = await providers.bet({
        provider: HUB88,
        transactionUuid: body.transaction_uuid,
        token: body.token,
        user: body.user,
        round: body.round ?? null,
        gameCode: body.game_code,
        currency: body.currency,
        amount,
        free: body.is_free === true,
        rewardUuid: body.reward_uuid ?? null,
        roundClosed: body.round_closed === true,
        // What makes two requests the same transaction, in Hub88's words: amount, currency, round, user and game.
        requestHash: requestHashOf(['bet', body.user, body.amount, body.currency, body.round ?? null, body.game_code, body.is_free === true]),
      });
      return answer(body.request_uuid, outcome);
    },

    async '/transaction/win'(body) {
      const amount = cents(body.amount, body.request_uuid);
      const outcome = await providers.win({
        provider: HUB88,
        transactionUuid: body.transaction_uuid,
        user: body.user,
        round: body.round ?? null,
        gameCode: body.game_code,
        currency: body.currency,
        amount,
        referenceUuid: body.reference_transaction_uuid,
        roundClosed: body.round_closed === true,
        requestHash: requestHashOf(['win', body.user, body.amount, body.currency, body.round ?? null, body.game_code, body.reference_transaction_uuid]),
      });
      return answer(body.request_uuid, outcome);
    },

    async '/transaction/rollback'(body) {
      const outcome = await providers.rollback({
        provider: HUB88,
        transactionUuid: body.transaction_uuid,
        user: body.user,
        round: body.round ?? null,
        gameCode: body.game_code ?? '',
        referenceUuid: body.reference_transaction_uuid,
        roundClosed: body.round_closed === true,
        requestHash: requestHashOf(['rollback', body.user, body.round ?? null, body.game_code ?? null, body.reference_transaction_uuid]),
      });
      return answer(body.request_uuid, outcome);
    },
  };

  return {
    /** The answer to a body Hub88 signed, sent to `path` (e.g. `/transaction/bet`). Throws only on our own failures. */
    async handle(path: Hub88Path, raw: string): Promise<Hub88Answer> {
      try {
        const body = parse(path, raw);
        checkPartner(body);
        return await (handlers[path] as (body: Parsed<typeof path>) => Promise<Hub88Answer>)(body);
      } catch (error) {
        if (error instanceof Refusal) return { status: error.status, ...(error.requestUuid ? { request_uuid: error.requestUuid } : {}) };
        throw error;
      }
    },
  };
}
