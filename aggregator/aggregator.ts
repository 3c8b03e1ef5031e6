// The reference aggregator's HTTP server: Hub88's Operator API (what a casino calls), the game pages it hands out, and the
// endpoints those pages call. Everything is kept in memory; restart it and the sessions are gone.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { gameImage } from './art.ts';
import { Freebets, RewardError } from './freebets.ts';
import { findGame, GAMES, gameListItem } from './games.ts';
import { ASSETS, gamePage, gamePageCsp, notFoundPage } from './page.ts';
import { DEMO_CURRENCY, type Log, Play, type SpinFaults } from './play.ts';
import { privateKeyFrom, publicKeyFrom, SIGNATURE_HEADER, verifyBody } from './signing.ts';
import { cryptoRng, seededRng } from './slot.ts';
import { DEFAULT_RETRY, type RetryPolicy, WalletClient } from './wallet.ts';

export interface AggregatorOptions {
  /** 0 picks a free port. Default 3100. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The base URL browsers reach this server at (game URLs, thumbnails). Default: the URL it listens on. */
  publicUrl?: string;
  /** The aggregator's RSA private key (PEM): signs every Wallet API call. */
  privateKey: string | KeyObject;
  /** The operator's RSA public key (PEM): verifies every Operator API call. */
  operatorPublicKey: string | KeyObject;
  /** The operator's Wallet API base URL, e.g. http://127.0.0.1:3000/api/hub88. */
  operatorWalletUrl: string;
  /** The one operator this aggregator serves; Operator API calls must carry it as operator_id. */
  operatorId: string | number;
  /** Origins that may frame the game pages, besides the origin of the lobby_url sent with game/url. */
  frameAncestors?: string[];
  /** Currencies the freebet prepaids are offered in. */
  currencies?: string[];
  /** How long a wallet call may take before it counts as timed out. Default 5 000 ms. */
  walletTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Reproducible reels (tests, demos); unset: node:crypto randomness. */
  seed?: string;
  /** Serves /__test/* (fault injection, the wallet call log). Never on in production. */
  testHooks?: boolean;
  log?: Log;
}

export interface Aggregator {
  /** The URL it listens on (what the operator's server calls). */
  url: string;
  /** The URL browsers reach it at. */
  publicUrl: string;
  close(): Promise<void>;
  readonly wallet: WalletClient;
  readonly play: Play;
  readonly freebets: Freebets;
  /** Makes the next spin (of one session, or any) meet these faults; what /__test/faults does over HTTP. */
  injectFaults(faults: SpinFaults, sessionId?: string): void;
}

export const DEFAULT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'NOK', 'SEK', 'DKK', 'PLN', 'BRL', 'INR', 'JPY'];
const OPERATOR_PREFIX = '/operator/generic/v2/';
const PLATFORMS = new Set(['GPL_DESKTOP', 'GPL_MOBILE']);
const MAX_OPERATOR_BODY = 64 * 1024;
const MAX_PLAY_BODY = 4 * 1024;

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const consoleLog: Log = (level, message, data) => {
  const line = `[aggregator] ${message}${data ? ` ${JSON.stringify(data)}` : ''}`;
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};

export async function startAggregator(options: AggregatorOptions): Promise<Aggregator> {
  const log = options.log ?? consoleLog;
  const privateKey = privateKeyFrom(options.privateKey);
  const operatorKey = publicKeyFrom(options.operatorPublicKey);
  const operatorId = String(options.operatorId);
  const walletUrl = new URL(options.operatorWalletUrl).href.replace(/\/+$/, '');
  const wallet = new WalletClient({ baseUrl: walletUrl, privateKey, timeoutMs: options.walletTimeoutMs ?? 5000 });
  const freebets = new Freebets(options.currencies ?? DEFAULT_CURRENCIES);
  const rng = options.seed === undefined ? cryptoRng() : seededRng(options.seed);
  const play = new Play({ wallet, freebets, rng, retry: { ...DEFAULT_RETRY, ...options.retry }, log });
  const frameAncestors = originsOf(options.frameAncestors?.length ? options.frameAncestors : loopbackVariants(walletUrl));
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';

  /** Hub88's checks on an Operator API call: signature header present, JSON body, known operator_id, valid signature. */
  async function operatorRequest(request: IncomingMessage): Promise<Record<string, unknown>> {
    const signature = header(request, SIGNATURE_HEADER);
    const raw = await readBody(request, MAX_OPERATOR_BODY);
    if (!signature) throw new HttpError(401, 'Signature header x-hub88-signature is missing');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'Request body is not valid JSON');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Request body must be a JSON object');
    const fields = body as Record<string, unknown>;
    if (fields.operator_id === undefined) throw new HttpError(400, 'operator_id is required');
    if (String(fields.operator_id) !== operatorId) throw new HttpError(404, 'operator_id does not correspond to any existing Operator');
    if (!verifyBody(raw, signature, operatorKey)) throw new HttpError(401, 'Request signature is invalid');
    return fields;
  }

  function gameUrl(fields: Record<string, unknown>): { url: string } {
    const game = findGame(fields.game_code);
    const currency = fields.currency;
    if (typeof fields.game_code !== 'string') throw new HttpError(400, 'game_code is required');
    if (typeof currency !== 'string' || !/^[A-Za-z]{3,5}$/.test(currency)) throw new HttpError(400, 'currency must be an ISO 4217 code');
    if (typeof fields.platform !== 'string' || !PLATFORMS.has(fields.platform)) throw new HttpError(400, 'platform must be GPL_DESKTOP or GPL_MOBILE');
    if (!game) throw new HttpError(404, 'The game requested does not exist');
    const demo = currency === DEMO_CURRENCY;
    const optional = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : undefined);
    if (!demo) {
      if (typeof fields.user !== 'string' || fields.user.length < 3) throw new HttpError(400, 'user is required (at least 3 characters) outside DEMO mode');
      if (typeof fields.token !== 'string' || fields.token.length < 10 || fields.token.length > 255) {
        throw new HttpError(400, 'token is required (10 to 255 characters) outside DEMO mode');
      }
    }
    const lobbyUrl = optional('lobby_url');
    const session = play.create({
      mode: demo ? 'demo' : 'real',
      game,
      currency,
      user: demo ? undefined : (fields.user as string),
      token: demo ? undefined : (fields.token as string),
      platform: fields.platform,
      lang: optional('lang') ?? 'en',
      country: optional('country'),
      subPartnerId: optional('sub_partner_id'),
      lobbyUrl,
      depositUrl: optional('deposit_url'),
      frameOrigins: [...new Set([...frameAncestors, ...originsOf(lobbyUrl ? [lobbyUrl] : [])])],
    });
    return { url: `${publicUrl}/play/${session.id}` };
  }

  async function operatorApi(path: string, request: IncomingMessage): Promise<unknown> {
    const fields = await operatorRequest(request);
    switch (path) {
      case 'game/list':
        return GAMES.map((game) => gameListItem(game, publicUrl));
      case 'game/url':
        return gameUrl(fields);
      case 'freebet/prepaids/list':
        if (fields.game_code !== undefined && !findGame(fields.game_code)) throw new HttpError(404, 'The game requested does not exist');
        return freebets.listPrepaids(fields.game_code as string | undefined);
      case 'freebet/rewards/create':
        return freebets.create(fields);
      case 'freebet/rewards/cancel':
        return freebets.cancel(fields.reward_uuid);
      case 'freebet/rewards/list':
        return freebets.list({ user: fields.user, game_code: fields.game_code, reward_uuid: fields.reward_uuid });
      default:
        throw new HttpError(404, 'The resource requested was not found');
    }
  }

  async function testHook(method: string, path: string, request: IncomingMessage): Promise<unknown> {
    if (method === 'POST' && path === 'faults') {
      const body = parseJson(await readBody(request, MAX_PLAY_BODY));
      const faults: SpinFaults = {
        betTimeout: body.bet_timeout === true,
        rollbackBeforeBet: body.rollback_before_bet === true,
        winTimeouts: typeof body.win_timeouts === 'number' ? Math.max(0, Math.floor(body.win_timeouts)) : 0,
      };
      play.injectFaults(faults, typeof body.session === 'string' ? body.session : undefined);
      return { ok: true, faults };
    }
    if (method === 'GET' && path === 'wallet-calls') return wallet.calls;
    if (method === 'GET' && path === 'deliveries') return play.deliveries;
    if (method === 'POST' && path === 'reset') {
      wallet.calls.length = 0;
      play.deliveries.length = 0;
      return { ok: true };
    }
    throw new HttpError(404, 'No such test hook');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://aggregator').pathname;

    if (path.startsWith(OPERATOR_PREFIX)) {
      if (method !== 'POST') return sendJson(response, 405, { error: 'Use POST' }, { allow: 'POST' });
      return sendJson(response, 200, await operatorApi(path.slice(OPERATOR_PREFIX.length), request));
    }

    const asset = ASSETS[path];
    if (asset && (method === 'GET' || method === 'HEAD')) {
      return send(response, 200, asset.body, { 'content-type': asset.type, 'cache-control': 'public, max-age=300' });
    }

    const image = /^\/(thumbs|backgrounds)\/([a-z0-9_]+)\.svg$/.exec(path);
    if (image && (method === 'GET' || method === 'HEAD')) {
      const game = findGame(image[2]);
      if (!game) return sendJson(response, 404, { error: 'No such game' });
      return send(response, 200, gameImage(game.theme, game.name, image[1] === 'thumbs' ? 'thumb' : 'background'), {
        'content-type': 'image/svg+xml; charset=utf-8',
        'content-security-policy': "default-src 'none'",
        'cross-origin-resource-policy': 'cross-origin',
        'cache-control': 'public, max-age=3600',
      });
    }

    const playPath = /^\/play\/([A-Za-z0-9]{16,64})(\/state|\/spin)?$/.exec(path);
    if (playPath) {
      const session = play.get(playPath[1]!);
      const action = playPath[2];
      if (!action) {
        if (method !== 'GET' && method !== 'HEAD') return sendJson(response, 405, { error: 'Use GET' }, { allow: 'GET' });
        const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
        if (!session) return send(response, 404, notFoundPage(), { ...headers, 'content-security-policy': gamePageCsp(frameAncestors) });
        return send(response, 200, gamePage(session.game, session.id, session.mode), {
          ...headers,
          'content-security-policy': gamePageCsp(session.frameOrigins),
        });
      }
      if (!session) return sendJson(response, 404, { ok: false, error: 'session_not_found', message: 'This game link has expired.' });
      if (action === '/state') {
        if (method !== 'GET') return sendJson(response, 405, { error: 'Use GET' }, { allow: 'GET' });
        return sendJson(response, 200, await play.state(session));
      }
      if (method !== 'POST') return sendJson(response, 405, { error: 'Use POST' }, { allow: 'POST' });
      if (!(header(request, 'content-type') ?? '').startsWith('application/json')) return sendJson(response, 415, { error: 'Send application/json' });
      return sendJson(response, 200, await play.spin(session, parseJson(await readBody(request, MAX_PLAY_BODY))));
    }

    if (path.startsWith('/__test/') && options.testHooks) return sendJson(response, 200, await testHook(method, path.slice('/__test/'.length), request));
    if (path === '/healthz') return sendJson(response, 200, { ok: true });
    if (path === '/') {
      return sendJson(response, 200, {
        name: 'Croupier reference aggregator (Hub88 Operator API and Wallet API)',
        operator_api: `${publicUrl}${OPERATOR_PREFIX}`,
        games: GAMES.map((game) => game.game_code),
      });
    }
    return sendJson(response, 404, { error: 'The resource requested was not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof HttpError) return sendJson(response, error.status, { error: error.message });
      if (error instanceof RewardError) return sendJson(response, error.httpStatus, { error: error.message });
      log('error', 'request failed', { url: request.url, error: String((error as Error)?.stack ?? error) });
      if (!response.headersSent) sendJson(response, 500, { error: 'Internal server error' });
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3100, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host}:${address.port}`;
  if (!publicUrl) publicUrl = url;

  return {
    url,
    publicUrl,
    wallet,
    play,
    freebets,
    injectFaults: (faults, sessionId) => play.injectFaults(faults, sessionId),
    async close() {
      play.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, 'Request body is too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(raw: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8') || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'Request body must be a JSON object');
}

const BASE_HEADERS = { 'x-content-type-options': 'nosniff' };

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  response.writeHead(status, { ...BASE_HEADERS, ...headers, 'content-length': Buffer.byteLength(body) });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(response, status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
}

/** The origins (scheme://host:port) of these URLs, skipping what is not an http(s) URL. */
function originsOf(urls: readonly string[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    if (!URL.canParse(url)) continue;
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') origins.push(parsed.origin);
  }
  return [...new Set(origins)];
}

/** The wallet URL's origin, plus its localhost / 127.0.0.1 twin: a browser may know the casino by either name. */
function loopbackVariants(url: string): string[] {
  const parsed = new URL(url);
  const twins: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const twin = twins[parsed.hostname];
  return twin ? [parsed.origin, `${parsed.protocol}//${twin}${parsed.port ? `:${parsed.port}` : ''}`] : [parsed.origin];
}
