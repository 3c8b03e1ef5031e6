// Test support for the wallet and payments suites: players in a given state, operators, and the sandbox
// gateway's card form played through HTTP as a browser would.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { KycStatus } from '../../../contract/accounts.ts';
import type { TestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { validRegistration } from '../accounts/testing.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { privateKeyToAccount } from 'viem/accounts';

export const OPERATOR = { email: 'ops@casino.example', password: 'a long operator secret' };
export const OPERATOR_ENV = { OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password };
export const APPROVING_CARD = '4242 4242 4242 4242';
export const DECLINING_CARD = '4000 0000 0000 0002';

type SandboxDeposit = { id: string; redirect_url: string | null; sandbox_confirm_url: string | null; sandbox_confirm_signature: string | null };
type Call = { token?: string; payload?: unknown; headers?: Record<string, string>; key?: string };

export function paymentsKit(t: TestApp) {
  let lastIp = 0;
  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { token, payload, headers = {}, key }: Call = {}) {
    lastIp += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `10.90.${Math.floor(lastIp / 250) % 250}.${(lastIp % 250) + 1}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }

  let operatorToken: string | undefined;
  async function operator(): Promise<string> {
    if (operatorToken) return operatorToken;
    const response = await call('POST', '/api/admin/login', { payload: OPERATOR });
    expect(response.statusCode).toBe(200);
    operatorToken = response.json().token as string;
    return operatorToken;
  }

  /** A registered, signed-in player; active and with the KYC status asked for. */
  async function player({ active = true, blocked = false, kyc = 'unverified' }: { active?: boolean; blocked?: boolean; kyc?: KycStatus } = {}) {
    const form = validRegistration();
    const registered = await call('POST', '/api/register', { payload: form });
    expect(registered.statusCode).toBe(201);
    const id = registered.json().data.id as string;
    await t.services.database.db
      .update(players)
      .set({ active, blocked, kycStatus: kyc })
      .where(eq(players.id, Number(id)));
    const login = await call('POST', '/api/login', { payload: { email: form.email, password: form.password } });
    return { id, email: form.email, token: login.json().token as string };
  }

  async function wallet(token: string) {
    const response = await call('GET', '/api/player/wallet', { token });
    expect(response.statusCode).toBe(200);
    return response.json().data as { balance: number; cash: number; withdrawable: number; pending_withdrawals: number; [key: string]: unknown };
  }

  /** Fills the hosted card page and submits it, as the player's browser does. */
  async function payByCard(redirectUrl: string, cardNumber: string) {
    return call('POST', redirectUrl, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card_number: cardNumber, expiry: '12 / 39', cvc: '123', name: 'Ada Lovelace' }).toString() as unknown as object,
    });
  }

  /** The sandbox network confirms a crypto deposit, signed as the deposit's owner was told to sign it. */
  function confirmCrypto(deposit: Pick<SandboxDeposit, 'sandbox_confirm_url' | 'sandbox_confirm_signature'>) {
    return call('POST', deposit.sandbox_confirm_url!, { headers: { 'sandbox-signature': deposit.sandbox_confirm_signature! } });
  }

  /** A completed card deposit of `amount` minor units. */
  async function deposit(token: string, amount: number, method: 'sandbox-card' | 'sandbox-crypto' = 'sandbox-card') {
    const created = await call('POST', '/api/payments/deposits', { token, key: randomUUID(), payload: { method, amount } });
    expect(created.statusCode).toBe(201);
    const data = created.json().data as SandboxDeposit;
    if (method === 'sandbox-card') expect((await payByCard(data.redirect_url!, APPROVING_CARD)).statusCode).toBe(303);
    else expect((await confirmCrypto(data)).statusCode).toBe(200);
    return data.id;
  }

  /** Signs a gateway event as the sandbox would and posts it to our webhook. */
  function webhook(event: unknown, signature?: string) {
    const raw = JSON.stringify(event);
    return call('POST', '/api/payments/webhooks/sandbox', {
      headers: { 'content-type': 'application/json', 'sandbox-signature': signature ?? t.services.sandboxGateway!.sign(raw) },
      payload: raw as unknown as object,
    });
  }

  return { call, operator, player, wallet, payByCard, confirmCrypto, deposit, webhook };
}

/** `fetch` into the app itself: what a process reaching the web server over HTTP (the signer) sends, through every layer. */
export function appFetch(t: TestApp): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const response = await t.app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
  };
}

/** A new address no one holds the key of (a fresh player's own wallet). */
export const freshAddress = () => privateKeyToAccount(`0x${randomUUID().replace(/-/g, '').padEnd(64, '7')}`).address;

/** The address with one letter's case swapped: no longer its EIP-55 checksum. */
export function miscased(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[at]!;
  return address.slice(0, at) + (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()) + address.slice(at + 1);
}

/** How many times a failed on-chain withdrawal's money was given back (its `withdrawal-return:{id}` journal). */
export async function withdrawalReturns(t: TestApp, id: string): Promise<number> {
  return (
    await t.services.database.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.idempotencyKey, `withdrawal-return:${id}`))
  ).length;
}

/** On-chain withdrawals through the API: a verified player with money, and a withdrawal request to an address. */
export function onchainKit(kit: ReturnType<typeof paymentsKit>) {
  return {
    async playerWith(amount: number) {
      const player = await kit.player({ kyc: 'verified' });
      await kit.deposit(player.token, amount);
      return player;
    },
    withdraw: (token: string, payload: Record<string, unknown>) =>
      kit.call('POST', '/api/payments/withdrawals', { token, key: randomUUID(), payload: { method: 'onchain', ...payload } }),
  };
}
