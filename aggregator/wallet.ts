// Hub88's side of the operator's seamless Wallet API: every call is a signed JSON POST to the operator's wallet URL
// (https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api), answered with a `status` of RS_OK or one of
// the RS_ERROR_* statuses (https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/seamless-wallet-response-statuses-operator-api).
import { randomUUID, type KeyObject } from 'node:crypto';
import { SIGNATURE_HEADER, signBody } from './signing.ts';

export type WalletPath = '/user/info' | '/user/balance' | '/transaction/bet' | '/transaction/win' | '/transaction/rollback';

export interface WalletResponse {
  status: string;
  request_uuid?: string;
  user?: string;
  currency?: string;
  balance?: number;
  [field: string]: unknown;
}

export type WalletOutcome =
  | { kind: 'response'; httpStatus: number; body: WalletResponse }
  | { kind: 'timeout' }
  | { kind: 'http-error'; httpStatus: number }
  | { kind: 'network-error'; message: string };

/** One HTTP call to the wallet, as sent and as answered: what tests and the test hooks read back. */
export interface WalletCall {
  path: WalletPath;
  request: Record<string, unknown>;
  outcome: WalletOutcome;
  /** When the call was sent and how long it took. */
  at: number;
  ms: number;
  /** Set when a test hook made the aggregator treat an answered call as timed out. */
  forcedTimeout?: boolean;
}

export interface RetryPolicy {
  /** Attempts made while the player waits for the spin's answer. */
  attempts: number;
  /** Further attempts made in the background after that, before giving up and leaving the transaction for reconciliation. */
  backgroundAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, backgroundAttempts: 30, baseDelayMs: 250, maxDelayMs: 30_000 };

/** Exponential backoff with jitter: base, 2×base, 4×base... capped, each between 75 % and 100 % of its step. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step * (0.75 + 0.25 * random()));
}

export function describeOutcome(outcome: WalletOutcome): string {
  switch (outcome.kind) {
    case 'response':
      return outcome.body.status;
    case 'timeout':
      return 'timeout';
    case 'http-error':
      return `HTTP ${outcome.httpStatus}`;
    case 'network-error':
      return `network error (${outcome.message})`;
  }
}

export interface WalletClientOptions {
  /** The operator's wallet base URL; paths such as /transaction/bet are appended to it. */
  baseUrl: string;
  privateKey: KeyObject;
  timeoutMs: number;
  /** How many calls the log keeps (oldest dropped first). */
  logSize?: number;
}

export class WalletClient {
  readonly calls: WalletCall[] = [];
  private readonly options: WalletClientOptions;

  constructor(options: WalletClientOptions) {
    this.options = options;
  }

  /** Builds the signed body bytes for a call; sending them is a separate step so a test hook can reorder deliveries. */
  prepare(path: WalletPath, request: Record<string, unknown>): PreparedCall {
    const body = JSON.stringify(request);
    return { path, request, body, signature: signBody(body, this.options.privateKey) };
  }

  /**
   * Sends one call and classifies the answer. With `forceTimeout` the call is still sent and answered (the operator
   * books it), but the aggregator acts as if the answer never came: the situation retries and rollbacks exist for.
   */
  async send(call: PreparedCall, options: { forceTimeout?: boolean } = {}): Promise<WalletOutcome> {
    const at = Date.now();
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}${call.path}`;
    let outcome: WalletOutcome;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: call.signature },
        body: call.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      const parsed = parseWalletResponse(text);
      outcome =
        response.status >= 200 && response.status < 300 && parsed
          ? { kind: 'response', httpStatus: response.status, body: parsed }
          : { kind: 'http-error', httpStatus: response.status };
    } catch (error) {
      const name = (error as Error).name;
      outcome = name === 'TimeoutError' || name === 'AbortError' ? { kind: 'timeout' } : { kind: 'network-error', message: causeMessage(error) };
    }
    const record: WalletCall = { path: call.path, request: call.request, outcome, at, ms: Date.now() - at };
    if (options.forceTimeout) {
      record.forcedTimeout = true;
      outcome = { kind: 'timeout' };
    }
    this.calls.push(record);
    const keep = this.options.logSize ?? 2000;
    if (this.calls.length > keep) this.calls.splice(0, this.calls.length - keep);
    return outcome;
  }

  /** Builds, signs and sends one call with a fresh request_uuid. */
  call(path: WalletPath, fields: Record<string, unknown>, options: { forceTimeout?: boolean } = {}): Promise<WalletOutcome> {
    return this.send(this.prepare(path, { ...fields, request_uuid: randomUUID() }), options);
  }
}

export interface PreparedCall {
  path: WalletPath;
  request: Record<string, unknown>;
  body: string;
  signature: string;
}

function parseWalletResponse(text: string): WalletResponse | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value) && typeof (value as WalletResponse).status === 'string') return value as WalletResponse;
  } catch {
    // not JSON: classified as an HTTP error by the caller
  }
  return undefined;
}

function causeMessage(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
