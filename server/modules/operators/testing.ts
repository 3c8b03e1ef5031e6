import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestApp } from '../../test-app.ts';
import { uniqueEmail } from '../accounts/testing.ts';
import type { StaffRole } from './permissions.ts';
import { operators } from './schema.ts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { insertTestPlayer } from '../accounts/testing.ts';
import { players } from '../accounts/schema.ts';
import { monthOf } from '../clubs/calendar.ts';
import { vipTiers } from '../clubs/schema.ts';
import { fairnessSeeds, gameRounds } from '../games/schema.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { deposits, withdrawals } from '../payments/schema.ts';
import { providerTransactions } from '../providers/schema.ts';
import { catalogueHub88Games, SLOT_GAME } from '../providers/testing.ts';
import { rowsOf } from '../shared/db-results.ts';

export const STAFF_PASSWORD = 'a long staff secret';
export const OPERATOR = { email: 'ops@casino.example', password: 'a long operator secret' };
export const OPERATOR_ENV = { OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password };

/** The TOTP code of `secret` at now + `steps` × 30 s (one step either side is accepted). */
export const totpCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function staffKit(t: TestApp, ipPrefix = '10.70') {
  let lastIp = 0;
  function call(method: Method, url: string, { token, payload }: { token?: string; payload?: unknown } = {}) {
    lastIp += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `${ipPrefix}.${Math.floor(lastIp / 250) % 250}.${(lastIp % 250) + 1}`,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }

  async function login(email: string, password: string): Promise<string> {
    const response = await call('POST', '/api/admin/login', { payload: { email, password } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token as string;
  }

  const adminToken = () => login(OPERATOR.email, OPERATOR.password);

  async function adminId(): Promise<number> {
    const [row] = await t.services.database.db.select({ id: operators.id }).from(operators).where(eq(operators.email, OPERATOR.email));
    return row!.id;
  }

  /** A new staff member of `role`, signed in (no 2FA outside production until enrolled). */
  async function staff(role: StaffRole) {
    const email = uniqueEmail(role);
    const member = await t.services.operators.staff.create(await adminId(), { email, password: STAFF_PASSWORD, role });
    return { id: Number(member!.id), email, token: await login(email, STAFF_PASSWORD) };
  }

  /** Enrols the signed-in staff member: answers the secret and the ten recovery codes. */
  async function enrol(token: string) {
    const setup = await call('POST', '/api/admin/two-factor/setup', { token });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().data.secret as string;
    const confirmed = await call('POST', '/api/admin/two-factor/confirm', { token, payload: { code: await totpCode(secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
  }

  return { call, login, adminToken, adminId, staff, enrol };
}

type SeedGame = { id: number; engine: string; engineConfig: string; category: string; provider: string; name: string };

/**
 * The seeded set the operator reports are checked against (report-figures.db.test.ts): rows written straight into
 * each module's tables with known amounts and times.
 */
export function reportSeed(t: TestApp) {
  const db = () => t.services.database.db;
  const seeds = new Map<number, number>();
  let nonce = 0;

  /** A player of `country` named `name` (surname Tester), in `tier` this month when it is above bronze. */
  async function player(country: string, name: string, tier: 'bronze' | 'silver' | 'gold' | 'platinum' = 'bronze') {
    const id = await insertTestPlayer(db());
    await db().update(players).set({ country, name, surname: 'Tester' }).where(eq(players.id, id));
    if (tier !== 'bronze')
      await db()
        .insert(vipTiers)
        .values({ playerId: id, month: monthOf(new Date()), tier, previousTier: 'bronze' });
    const [row] = await db().select({ email: players.email }).from(players).where(eq(players.id, id));
    return { id, email: row!.email, name: `${name} Tester` };
  }

  /** The house's games of a category, and the aggregator's slot (catalogued on first use). */
  async function games(): Promise<{ houseSlot: SeedGame; houseTable: SeedGame; providerSlot: SeedGame }> {
    await catalogueHub88Games(t);
    const rows = rowsOf<{
      id: number;
      engine: string;
      engine_config: string;
      name: string;
      source: string;
      external_code: string | null;
      category: string;
      provider: string;
    }>(
      await db().execute(sql`
        select g.id, g.engine, g.engine_config, g.name, g.source, g.external_code, c.slug as category, p.slug as provider
        from games g join game_categories c on c.id = g.category_id join game_providers p on p.id = g.provider_id order by g.id`),
    );
    const of = (row: (typeof rows)[number] | undefined): SeedGame => ({
      id: Number(row!.id),
      engine: row!.engine,
      engineConfig: row!.engine_config,
      category: row!.category,
      provider: row!.provider,
      name: row!.name,
    });
    return {
      houseSlot: of(rows.find((row) => row.source === 'house' && row.category === 'slots')),
      houseTable: of(rows.find((row) => row.source === 'house' && row.category === 'table-games')),
      providerSlot: of(rows.find((row) => row.source === 'hub88' && row.external_code === SLOT_GAME)),
    };
  }

  async function seedOf(playerId: number): Promise<number> {
    let id = seeds.get(playerId);
    if (id === undefined) {
      const [row] = await db()
        .insert(fairnessSeeds)
        .values({ playerId, serverSeed: 'seed', serverSeedHash: 'hash', clientSeed: 'client' })
        .returning({ id: fairnessSeeds.id });
      id = row!.id;
      seeds.set(playerId, id);
    }
    return id;
  }

  /** One of our rounds, settled unless told. */
  async function houseRound(playerId: number, game: SeedGame, at: string, stake: number, win: number, { currency = 'EUR', status = 'settled' } = {}) {
    await db()
      .insert(gameRounds)
      .values({
        id: randomUUID(),
        playerId,
        gameId: game.id,
        engine: game.engine,
        engineConfig: game.engineConfig,
        status,
        currency,
        stake,
        win,
        idempotencyKey: randomUUID(),
        requestHash: 'hash',
        request: {},
        seedId: await seedOf(playerId),
        serverSeedHash: 'hash',
        clientSeed: 'client',
        nonce: nonce++,
        createdAt: new Date(at),
      });
  }

  /** One of an aggregator's transactions on the kit's slot. */
  async function providerTransaction(
    playerId: number,
    at: string,
    kind: 'bet' | 'win',
    amount: number,
    { state = 'accepted', free = false }: { state?: 'accepted' | 'refused' | 'rolled_back'; free?: boolean } = {},
  ) {
    await db()
      .insert(providerTransactions)
      .values({
        provider: 'hub88',
        transactionUuid: randomUUID(),
        kind,
        playerId,
        round: 'r1',
        gameCode: SLOT_GAME,
        gameName: 'Lantern Orchard',
        currency: 'EUR',
        amount,
        free,
        state,
        createdAt: new Date(at),
      });
  }

  /** A ledger transfer between a player's account and a house account, dated `at`. */
  async function journal(type: 'bonus' | 'adjustment' | 'deposit', playerId: number, amount: number, at: string) {
    const { ledger } = t.services;
    const accounts = await ledger.ensurePlayerAccounts(playerId, 'EUR');
    const house = await ledger.houseAccount(type === 'bonus' ? 'bonus_cost' : type === 'adjustment' ? 'adjustments' : 'payment_clearing', 'EUR');
    const playerAccount = type === 'bonus' ? accounts.bonus.id : accounts.cash.id;
    const key = `report-test:${randomUUID()}`;
    await ledger.transfer({
      idempotencyKey: key,
      type,
      entries: [
        { accountId: house.id, amount: -amount },
        { accountId: playerAccount, amount },
      ],
    });
    await db()
      .update(ledgerJournals)
      .set({ createdAt: new Date(at) })
      .where(eq(ledgerJournals.idempotencyKey, key));
  }

  async function deposit(playerId: number, method: string, amount: number, at: string, status: 'completed' | 'pending' = 'completed') {
    await db()
      .insert(deposits)
      .values({
        playerId,
        method,
        amount,
        currency: 'EUR',
        status,
        idempotencyKey: randomUUID(),
        requestHash: 'hash',
        createdAt: new Date(at),
        ...(status === 'completed' ? { completedAt: new Date(at) } : {}),
      });
  }

  async function withdrawal(playerId: number, method: string, amount: number, at: string, status: 'paid' | 'rejected' = 'paid') {
    await db()
      .insert(withdrawals)
      .values({
        id: randomUUID(),
        playerId,
        method,
        amount,
        currency: 'EUR',
        status,
        destination: 'test',
        idempotencyKey: randomUUID(),
        requestHash: 'hash',
        createdAt: new Date(at),
        decidedAt: new Date(at),
      });
  }

  return { player, games, houseRound, providerTransaction, journal, deposit, withdrawal };
}
