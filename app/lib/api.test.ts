import fc from 'fast-check';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Player } from '../../contract/accounts.ts';
import type { GamesPage, PlayedRound } from '../../contract/games.ts';
import type { Deposit, Wallet } from '../../contract/wallet.ts';
import { type ApiAnswer, type ApiBody, type ApiResult, callApi, firstErrors } from './api.ts';

describe('the typed API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes each known route’s answer type from the contract', () => {
    expectTypeOf<ApiAnswer<'GET', '/api/player'>>().toEqualTypeOf<Player>();
    expectTypeOf<ApiAnswer<'GET', '/api/player/wallet'>>().toEqualTypeOf<{ data: Wallet }>();
    expectTypeOf<ApiAnswer<'GET', `/api/games?${string}`>>().toEqualTypeOf<GamesPage>();
    expectTypeOf<ApiAnswer<'POST', '/api/games/european-roulette/rounds'>['data']['balance']>().toEqualTypeOf<PlayedRound['balance']>();
    expectTypeOf<ApiAnswer<'POST', '/api/games/european-roulette/rounds'>['data']['round_id']>().toEqualTypeOf<PlayedRound['round_id']>();
    expectTypeOf<ApiAnswer<'DELETE', '/api/nowhere'>>().toBeUnknown();
    // Derived from the endpoint objects: a path parameter stands for any text, a 204 has no body.
    expectTypeOf<ApiAnswer<'GET', `/api/payments/deposits/${string}`>>().toEqualTypeOf<{ data: Deposit }>();
    expectTypeOf<ApiAnswer<'DELETE', '/api/player/messages/12'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ApiAnswer<'GET', '/api/player/messages/12'>>().toBeUnknown();
  });

  it('takes each known route’s request body from the contract', () => {
    expectTypeOf<ApiBody<'POST', '/api/login'>>().toEqualTypeOf<{ email: string; password: string }>();
    expectTypeOf<ApiBody<'PUT', '/api/fairness/client-seed?mode=demo'>>().toEqualTypeOf<{ client_seed: string }>();
    expectTypeOf<ApiBody<'POST', '/api/resend-activation'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ApiBody<'POST', '/api/nowhere'>>().toBeUnknown();
    // A body that does not fit the endpoint's schema does not compile; a path the contract does not know takes any.
    const typeOnly = () => {
      // @ts-expect-error: the password is missing
      void callApi('POST', '/api/login', { email: 'ada@example.com' });
      // @ts-expect-error: a stake is a number of cents
      void callApi('POST', '/api/crash/bets', { stake: '100' });
      void callApi<{ ok: boolean }>('POST', '/api/nowhere', { anything: true });
    };
    expect(typeOnly).toBeTypeOf('function');
  });

  it('answers the body on success and the Laravel-shaped error otherwise', async () => {
    const player = { id: '1', email: 'ada@example.com' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(player), { status: 200 })),
    );
    const ok = await callApi('GET', '/api/player');
    expectTypeOf(ok).toEqualTypeOf<ApiResult<Player>>();
    expect(ok).toEqual({ ok: true, status: 200, body: player });

    const errors = { email: ['The email field is required.'] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: errors.email[0], errors }), { status: 422 })),
    );
    const failed = await callApi('POST', '/api/login', { email: '', password: '' });
    expect(failed).toEqual({ ok: false, status: 422, message: 'The email field is required.', type: undefined, errors });
    expect(firstErrors(failed.ok ? undefined : failed.errors)).toEqual({ email: 'The email field is required.' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await callApi('GET', '/api/player')).toEqual(expect.objectContaining({ ok: false, status: 0 }));
  });

  it('never throws, whatever the status or the body', async () => {
    const answers: [number, string][] = [
      [502, '<html><body>Bad Gateway</body></html>'],
      [500, ''],
      [200, '<html>not json</html>'],
      [200, '{"cut": '],
      [422, '["not", "an", "object"]'],
      [404, 'null'],
    ];
    for (const [status, body] of answers) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(body, { status })),
      );
      const result = await callApi('GET', '/api/player');
      expect(result.ok, `${status} ${body}`).toBe(false);
      expect(result.status).toBe(status);
      if (!result.ok) expect(result.message).toMatch(/Please try again\.$/);
    }
    fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 599 }), fc.string(), async (status, body) => {
        vi.stubGlobal(
          'fetch',
          vi.fn(async () => new Response([204, 205, 304].includes(status) ? null : body, { status })),
        );
        const result = await callApi('POST', '/api/login', { email: 'ada@example.com', password: body });
        expect(result.status).toBe(status);
      }),
      { numRuns: 200 },
    );
    // Nor when the body cannot be sent at all, or the answer's body cannot be read.
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(callApi<unknown>('POST', '/api/anything', circular)).resolves.toEqual(expect.objectContaining({ ok: false, status: 0 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, text: () => Promise.reject(new TypeError('stream broke')) }) as unknown as Response),
    );
    await expect(callApi('GET', '/api/player')).resolves.toEqual(expect.objectContaining({ ok: false, status: 200 }));
  });
});
