// Test kit for the aggregator's suites: key pairs, signed Operator API calls, a fake operator wallet, and an
// aggregator started in-process on a free port with fast retries and no logging.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Aggregator, type AggregatorOptions, startAggregator } from './aggregator.ts';
import { generateRsaKeyPair, privateKeyFrom, publicKeyFrom, SIGNATURE_HEADER, signBody, verifyBody } from './signing.ts';

let cached: { aggregator: { privateKey: string; publicKey: string }; operator: { privateKey: string; publicKey: string } } | undefined;

/** The aggregator's and the operator's key pairs, made once per test file. */
export function testKeys() {
  cached ??= { aggregator: generateRsaKeyPair(), operator: generateRsaKeyPair() };
  return cached;
}

export const OPERATOR_ID = 7;

/** POSTs `body` to the aggregator's Operator API signed with the operator's key (or with `privateKey`, or as given). */
export async function operatorCall(
  aggregator: { url: string },
  path: string,
  body: Record<string, unknown>,
  options: { privateKey?: string; rawBody?: string; signature?: string | null } = {},
): Promise<{ status: number; json: unknown }> {
  const raw = options.rawBody ?? JSON.stringify({ operator_id: OPERATOR_ID, ...body });
  const signature = options.signature === undefined ? signBody(raw, privateKeyFrom(options.privateKey ?? testKeys().operator.privateKey)) : options.signature;
  const response = await fetch(`${aggregator.url}/operator/generic/v2/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
    body: raw,
  });
  return { status: response.status, json: await response.json() };
}

export interface FakeWalletCall {
  path: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  answer?: { httpStatus: number; body: unknown };
}

/** What a test makes one wallet call do instead of the default: an HTTP status, a body, a delay. */
export interface Interception {
  httpStatus?: number;
  body?: unknown;
  delayMs?: number;
}

/**
 * A small correct seamless wallet: verifies every signature with the aggregator's public key, books bets, wins and
 * rollbacks once per transaction_uuid, remembers rollbacks that came before their bet and refuses that bet.
 */
export interface FakeWallet {
  url: string;
  calls: FakeWalletCall[];
  balances: Map<string, number>;
  intercept?: (call: FakeWalletCall) => Interception | undefined;
  close(): Promise<void>;
}

export async function startFakeWallet(options: { currency?: string; balance?: number } = {}): Promise<FakeWallet> {
  const publicKey = publicKeyFrom(testKeys().aggregator.publicKey);
  const currency = options.currency ?? 'EUR';
  const opening = options.balance ?? 100 * 100_000;
  const balances = new Map<string, number>();
  const bets = new Map<string, { user: string; amount: number; rolledBack: boolean }>();
  const booked = new Map<string, unknown>();
  const rolledBackBefore = new Set<string>();
  const calls: FakeWalletCall[] = [];
  const wallet: FakeWallet = { url: '', calls, balances, close: async () => {} };

  const balanceOf = (user: string) => {
    if (!balances.has(user)) balances.set(user, opening);
    return balances.get(user)!;
  };
  const answer = (user: string, request: Record<string, unknown>, status = 'RS_OK') => ({
    user,
    status,
    request_uuid: request.request_uuid,
    currency,
    balance: balanceOf(user),
  });

  function book(path: string, request: Record<string, unknown>): unknown {
    const user = String(request.user);
    const tx = String(request.transaction_uuid);
    if (path === '/user/info') return { user, status: 'RS_OK', request_uuid: request.request_uuid, country: 'EE' };
    if (path === '/user/balance') return answer(user, request);
    const again = booked.get(tx);
    if (again) return { ...(again as object), request_uuid: request.request_uuid, balance: balanceOf(user) };
    const amount = Number(request.amount ?? 0);
    let result: unknown;
    if (path === '/transaction/bet') {
      if (rolledBackBefore.has(tx)) return answer(user, request, 'RS_ERROR_TRANSACTION_ROLLED_BACK');
      if (amount > balanceOf(user)) return answer(user, request, 'RS_ERROR_NOT_ENOUGH_MONEY');
      balances.set(user, balanceOf(user) - amount);
      bets.set(tx, { user, amount, rolledBack: false });
      result = answer(user, request);
    } else if (path === '/transaction/win') {
      const bet = bets.get(String(request.reference_transaction_uuid));
      if (!bet) return answer(user, request, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (bet.rolledBack) return answer(user, request, 'RS_ERROR_TRANSACTION_ROLLED_BACK');
      balances.set(user, balanceOf(user) + amount);
      result = answer(user, request);
    } else if (path === '/transaction/rollback') {
      const reference = String(request.reference_transaction_uuid);
      const bet = bets.get(reference);
      if (bet && !bet.rolledBack) {
        bet.rolledBack = true;
        balances.set(user, balanceOf(user) + bet.amount);
      } else if (!bet) rolledBackBefore.add(reference);
      result = answer(user, request);
    } else return { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: request.request_uuid };
    booked.set(tx, result);
    return result;
  }

  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const signature = request.headers[SIGNATURE_HEADER];
    const path = new URL(request.url ?? '/', 'http://wallet').pathname.replace(/^\/api\/hub88/, '');
    const call: FakeWalletCall = {
      path,
      body: JSON.parse(raw.toString('utf8')) as Record<string, unknown>,
      signatureValid: verifyBody(raw, Array.isArray(signature) ? signature[0] : signature, publicKey),
    };
    calls.push(call);
    const interception = wallet.intercept?.(call);
    if (interception?.delayMs) await new Promise((resolve) => setTimeout(resolve, interception.delayMs));
    const httpStatus = interception?.httpStatus ?? 200;
    let body = interception?.body;
    if (body === undefined && httpStatus === 200) {
      body = call.signatureValid ? book(path, call.body) : { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: call.body.request_uuid };
    }
    body ??= { error: 'fake outage' };
    call.answer = { httpStatus, body };
    if (response.destroyed) return;
    response.writeHead(httpStatus, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wallet.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hub88`;
  wallet.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return wallet;
}

/** The wallet timeout of test aggregators: short, but long enough for a loaded machine to answer a local call. */
export const WALLET_TIMEOUT_MS = 1500;

/** An aggregator on a free port talking to `walletUrl`, with fast retries, a short wallet timeout and no logging. */
export function startTestAggregator(walletUrl: string, options: Partial<AggregatorOptions> = {}): Promise<Aggregator> {
  const keys = testKeys();
  return startAggregator({
    port: 0,
    privateKey: keys.aggregator.privateKey,
    operatorPublicKey: keys.operator.publicKey,
    operatorWalletUrl: walletUrl,
    operatorId: OPERATOR_ID,
    walletTimeoutMs: WALLET_TIMEOUT_MS,
    retry: { attempts: 3, backgroundAttempts: 5, baseDelayMs: 5, maxDelayMs: 40 },
    frameAncestors: ['http://localhost:3000'],
    log: () => {},
    ...options,
  });
}

/** The session id in a game URL. */
export function sessionOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!;
}

/** Opens a real-money game session for `user` and returns its id. */
export async function openSession(aggregator: Aggregator, user = 'player-1', extra: Record<string, unknown> = {}): Promise<string> {
  const { status, json } = await operatorCall(aggregator, 'game/url', {
    user,
    token: `token-${createHash('sha256').update(user).digest('hex').slice(0, 16)}`,
    game_code: 'crp_copper_clover',
    currency: 'EUR',
    platform: 'GPL_DESKTOP',
    lang: 'en',
    country: 'EE',
    lobby_url: 'http://localhost:3000/casino',
    ...extra,
  });
  if (status !== 200) throw new Error(`game/url answered ${status}: ${JSON.stringify(json)}`);
  return sessionOf((json as { url: string }).url);
}

/** The /play answers (StateAnswer, SpinAnswer in play.ts) as the tests read them. */
export interface PlayJson {
  ok: boolean;
  error?: string;
  message?: string | null;
  mode?: string;
  currency?: string;
  bets?: number[];
  balance: number;
  round: string;
  reels: string[][];
  line: string[];
  multiplier: number;
  bet: number;
  win: number;
  free: boolean;
  winPending: boolean;
  freebets: { reward_uuid: string; left: number; bet_value: number; end_time: string }[];
}

export async function playCall(aggregator: Aggregator, session: string, action: 'state' | 'spin', body?: unknown): Promise<PlayJson> {
  const response = await fetch(`${aggregator.url}/play/${session}/${action}`, {
    method: action === 'spin' ? 'POST' : 'GET',
    headers: action === 'spin' ? { 'content-type': 'application/json' } : {},
    body: action === 'spin' ? JSON.stringify(body ?? {}) : undefined,
  });
  return (await response.json()) as PlayJson;
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
