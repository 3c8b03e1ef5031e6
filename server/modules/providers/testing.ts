// Test support for the providers suites: RSA keys, the HUB88_* environment, players with cash and a launch token,
// and Hub88's calls signed as Hub88 signs them.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { insertTestPlayer } from '../accounts/testing.ts';
import type { Hub88Answer, Hub88Path } from './hub88/protocol.ts';
import { SIGNATURE_HEADER, signBody } from './hub88/signature.ts';

/** Hub88's game codes of a table game (no slot stake cap) and a slot, which the kit puts in the catalogue, switched on. */
export const TABLE_GAME = 'european-roulette';
export const SLOT_GAME = 'lantern-orchard';

const listing = (code: string, name: string, category: string) => ({
  code,
  name,
  studio: 'Test Studio',
  category,
  thumbnail: `https://games.example/${code}.svg`,
  demo: true,
  freebets: true,
  rtp: 96,
  volatility: 'medium' as const,
  releaseDate: '2026-01-01',
  blockedCountries: [],
});

/** Hub88's games of the kit in the app's catalogue, switched on (as an operator would after the sync). */
export async function catalogueHub88Games(t: TestApp): Promise<void> {
  const catalogue = t.services.catalog.providerGames;
  await catalogue.sync('hub88', [listing(TABLE_GAME, 'European Roulette', 'Table Games'), listing(SLOT_GAME, 'Lantern Orchard', 'Video Slots')]);
  for (const game of await catalogue.list('hub88')) await catalogue.update('hub88', game.slug, { enabled: true });
  t.services.catalog.invalidate();
}

export type KeyPair = { publicKey: string; privateKey: string };

/** A fresh 2048-bit RSA key pair in PEM (SPKI / PKCS#8): generate once per file, it takes a while. */
export const rsaKeyPair = (): KeyPair =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

/** The environment that turns the adapter on: Hub88's public key (its calls to us) and our private key. */
export const hub88Env = (aggregator: KeyPair, operator: KeyPair, extra: Record<string, string> = {}) => ({
  HUB88_OPERATOR_ID: '42',
  HUB88_API_URL: 'http://127.0.0.1:9/hub88',
  HUB88_PUBLIC_KEY: aggregator.publicKey,
  HUB88_PRIVATE_KEY: operator.privateKey,
  ...extra,
});

/** Hub88 units (1/100,000) of `cents`. */
export const units = (cents: number) => cents * 1_000;

export type Hub88Player = { id: number; user: string; token: string };

export function hub88Kit(t: TestApp, aggregator: KeyPair) {
  let catalogued: Promise<void> | undefined;

  /** POSTs `body` to `/api/hub88{path}`, signed with Hub88's key unless `signature` says otherwise. */
  async function call(path: Hub88Path, body: unknown, { signature, raw }: { signature?: string | null; raw?: string } = {}) {
    const payload = raw ?? JSON.stringify(body);
    const signed = signature === undefined ? signBody(aggregator.privateKey, payload) : signature;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/hub88${path}`,
      headers: { 'content-type': 'application/json', ...(signed === null ? {} : { [SIGNATURE_HEADER]: signed }) },
      payload,
    });
    return { statusCode: response.statusCode, answer: response.json() as Hub88Answer };
  }

  /** An active player with `cents` of cash and a launch token for `game`. */
  async function player(cents: number, game = TABLE_GAME): Promise<Hub88Player> {
    catalogued ??= catalogueHub88Games(t);
    await catalogued;
    const { db } = t.services.database;
    const id = await insertTestPlayer(db);
    await db.update(players).set({ active: true }).where(eq(players.id, id));
    await fund(id, cents);
    const launch = await t.services.providers.createLaunchToken(id, game, t.config.defaultCurrency);
    return { id, user: launch.user, token: launch.token };
  }

  /** A deposit of `cents` into the player's cash, from the clearing account. */
  async function fund(playerId: number, cents: number) {
    if (cents <= 0) return;
    const { ledger } = t.services;
    const accounts = await ledger.ensurePlayerAccounts(playerId, t.config.defaultCurrency);
    const clearing = await ledger.houseAccount('payment_clearing', t.config.defaultCurrency);
    await ledger.transfer({
      idempotencyKey: `test-deposit-${randomUUID()}`,
      type: 'deposit',
      entries: [
        { accountId: clearing.id, amount: -cents },
        { accountId: accounts.cash.id, amount: cents },
      ],
    });
  }

  /** The player's cash and bonus as the ledger holds them. */
  async function balance(playerId: number) {
    const accounts = await t.services.ledger.ensurePlayerAccounts(playerId, t.config.defaultCurrency);
    return accounts.cash.balance + accounts.bonus.balance;
  }

  const bet = (p: Hub88Player, cents: number, extra: Record<string, unknown> = {}) => ({
    user: p.user,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: randomUUID(),
    token: p.token,
    round: randomUUID(),
    round_closed: false,
    request_uuid: randomUUID(),
    is_free: false,
    game_code: TABLE_GAME,
    currency: t.config.defaultCurrency,
    amount: units(cents),
    ...extra,
  });
  const win = (p: Hub88Player, of: { transaction_uuid: string; round: string }, cents: number, extra: Record<string, unknown> = {}) => ({
    ...bet(p, cents),
    round: of.round,
    round_closed: true,
    reference_transaction_uuid: of.transaction_uuid,
    ...extra,
  });
  const rollback = (p: Hub88Player, of: { transaction_uuid: string; round?: string }, extra: Record<string, unknown> = {}) => ({
    user: p.user,
    transaction_uuid: randomUUID(),
    token: p.token,
    round: of.round ?? randomUUID(),
    round_closed: true,
    request_uuid: randomUUID(),
    game_code: TABLE_GAME,
    reference_transaction_uuid: of.transaction_uuid,
    ...extra,
  });

  return { call, player, fund, balance, body: { bet, win, rollback } };
}

/** What a test's aggregator (aggregator/aggregator.ts, started by the test: server code may not import it) gives back. */
export type TestAggregator = { url: string; publicUrl: string; close(): Promise<void> };

/**
 * A port free now, for the app to listen on once the aggregator knows where to call it. Picked below Linux's
 * ephemeral range (32768 and up): a port the system handed out and took back could be handed again to the next
 * `listen(0)` (the aggregator's own) before the app takes it.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * One app for a test file, listening on a real port, with Hub88 pointed at an aggregator the test starts in-process:
 * `start` gets the app's wallet URL and both key pairs (the aggregator's signs wallet calls, the operator's our
 * Operator API calls) and answers the running aggregator. The aggregator's operator_id is 42, as hub88Env says.
 */
/** What every test tells the reference aggregator: where our wallet is, the keys, our operator id, quiet logs. */
export type ReferenceAggregatorOptions = {
  port: 0;
  privateKey: string;
  operatorPublicKey: string;
  operatorWalletUrl: string;
  operatorId: number;
  frameAncestors: string[];
  log: () => void;
};

/**
 * The app listening on a real port beside the reference aggregator started in-process. The aggregator is a program
 * of its own that only tests may import, so a test hands its `startAggregator` in, with any options of its own.
 */
export function useAppWithReferenceAggregator<A extends TestAggregator, Extra extends object = object>(
  startAggregator: (options: ReferenceAggregatorOptions & Extra) => Promise<A>,
  extra: Extra = {} as Extra,
  env: Record<string, string> = {},
) {
  return useAppWithAggregator<A>(
    ({ walletUrl, siteOrigin, aggregator, operator }) =>
      startAggregator({
        port: 0,
        privateKey: aggregator.privateKey,
        operatorPublicKey: operator.publicKey,
        operatorWalletUrl: walletUrl,
        operatorId: 42,
        frameAncestors: [siteOrigin],
        log: () => {},
        ...extra,
      }),
    env,
  );
}

export function useAppWithAggregator<A extends TestAggregator>(
  start: (options: { walletUrl: string; siteOrigin: string; aggregator: KeyPair; operator: KeyPair }) => Promise<A>,
  env: Record<string, string> = {},
): { t: TestApp; aggregator: () => A; keys: { aggregator: KeyPair; operator: KeyPair } } {
  const keys = { aggregator: rsaKeyPair(), operator: rsaKeyPair() };
  const t = {} as TestApp;
  let running: A | undefined;
  beforeAll(async () => {
    const port = await freePort();
    const siteOrigin = `http://127.0.0.1:${port}`;
    running = await start({ walletUrl: `${siteOrigin}/api/hub88`, siteOrigin, ...keys });
    Object.assign(t, await createTestApp({ ...hub88Env(keys.aggregator, keys.operator, { HUB88_API_URL: running.url }), PUBLIC_URL: siteOrigin, ...env }));
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close?.();
    await running?.close();
  });
  return {
    t,
    aggregator: () => {
      if (!running) throw new Error('The aggregator starts before the first test');
      return running;
    },
    keys,
  };
}
