// The console's Providers screen over HTTP (docs/decisions/0100): who may see and change what, a game switched on and
// off with its category and wagering contribution (each change audited), "Sync now", the connection's status, and a
// day's reconciliation with its rounds left open and its formula-safe CSV.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startAggregator } from '../../../aggregator/aggregator.ts';
import type { AdminProviders, Reconciliation } from '../../../contract/providers.ts';
import { games } from '../catalog/schema.ts';
import { gamesKit } from '../games/testing.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { SIGNATURE_HEADER, signBody } from './hub88/signature.ts';
import { useAppWithReferenceAggregator } from './testing.ts';

const { t, aggregator, keys } = useAppWithReferenceAggregator(
  startAggregator,
  {
    walletTimeoutMs: 10_000,
  },
  OPERATOR_ENV,
);
const staff = staffKit(t);
const kit = gamesKit(t);
let admin: string;

beforeAll(async () => {
  admin = await staff.adminToken();
});

const overview = async (token = admin) => (await staff.call('GET', '/api/admin/providers', { token })).json().data as AdminProviders;

describe('permissions', () => {
  it('games.manage sees and changes the games; reports.read (every role) reconciles; nobody signed out', async () => {
    const marketing = await staff.staff('marketing');
    const finance = await staff.staff('finance');
    const support = await staff.staff('support');
    expect((await staff.call('GET', '/api/admin/providers', { token: marketing.token })).statusCode).toBe(200);
    expect((await staff.call('GET', '/api/admin/providers', { token: finance.token })).statusCode).toBe(403);
    expect((await staff.call('POST', '/api/admin/providers/sync', { token: finance.token })).statusCode).toBe(403);
    expect((await staff.call('PUT', '/api/admin/providers/games/copper-clover', { token: support.token, payload: { enabled: true } })).statusCode).toBe(403);
    expect((await staff.call('GET', '/api/admin/providers/reconciliation', { token: finance.token })).statusCode).toBe(200);
    expect((await staff.call('GET', '/api/admin/providers/reconciliation/export', { token: support.token })).statusCode).toBe(200);
    expect((await staff.call('POST', '/api/admin/providers/sync', { token: support.token })).statusCode).toBe(403);
    expect((await staff.call('GET', '/api/admin/providers/reconciliation/export')).statusCode).toBe(401);
  });
});

describe('the games', () => {
  it('"Sync now" brings Hub88’s games in, switched off, and is audited', async () => {
    const before = await overview();
    expect(before.status).toMatchObject({ configured: true, operator_id: 42, last_sync: null, games: { total: 0 } });
    const synced = await staff.call('POST', '/api/admin/providers/sync', { token: admin });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data).toMatchObject({ trigger: 'operator', ok: true, total: 3, added: 3 });
    const after = await overview();
    expect(after.games.map((game) => [game.slug, game.studio, game.enabled])).toEqual([
      ['copper-clover', 'Croupier Reference Studio', false],
      ['lantern-drift', 'Croupier Reference Studio', false],
      ['tide-pool-trio', 'Croupier Reference Studio', false],
    ]);
    expect(after.status).toMatchObject({ last_sync: { ok: true, added: 3 }, games: { total: 3, enabled: 0, withdrawn: 0 }, failed_calls_24h: 0 });
    expect(after.status.calls_24h).toBeGreaterThanOrEqual(1);
    expect(after.status.error_rate).toBe(0);
    const trail = await t.services.operators.audit.actionsOn('provider:hub88');
    expect(trail.at(-1)).toMatchObject({ action: 'provider.sync', after: { ok: true, added: 3, total: 3 } });
  });

  it('switches a game on (into the lobby), files it and weighs its wagering, each change audited with before and after', async () => {
    const put = (payload: unknown) => staff.call('PUT', '/api/admin/providers/games/tide-pool-trio', { token: admin, payload });
    const on = await put({ enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ slug: 'tide-pool-trio', enabled: true });
    const lobby = (await kit.call('GET', '/api/games?per_page=100')).json().data as { slug: string }[];
    expect(lobby.map((game) => game.slug)).toContain('tide-pool-trio');
    expect((await put({ category: 'table-games', wagering_contribution: 25 })).json().data).toMatchObject({
      category: 'table-games',
      wagering_contribution: 25,
    });
    expect(await t.services.catalog.providerGames.wageringWeight((await t.services.catalog.providerGames.launchable('tide-pool-trio'))!.id)).toBe(25);
    const trail = await t.services.operators.audit.actionsOn('game:tide-pool-trio');
    expect(trail.map((row) => [row.action, row.before, row.after])).toEqual([
      ['provider.game.update', { enabled: false }, { enabled: true }],
      ['provider.game.update', { category: 'slots', wagering_contribution: null }, { category: 'table-games', wagering_contribution: 25 }],
    ]);
    expect((await put({ category: 'no-such' })).statusCode).toBe(422);
    expect((await put({ wagering_contribution: 101 })).statusCode).toBe(422);
    expect((await put({})).statusCode).toBe(422);
    expect((await staff.call('PUT', '/api/admin/providers/games/european-roulette', { token: admin, payload: { enabled: false } })).statusCode).toBe(404);
    // Off again: out of the lobby at once.
    await put({ enabled: false, category: 'slots' });
    const after = (await kit.call('GET', '/api/games?per_page=100')).json().data as { slug: string }[];
    expect(after.map((game) => game.slug)).not.toContain('tide-pool-trio');
  });
});

describe('reconciliation', () => {
  it('lists the day’s transactions by round and status, the rounds left open, and exports them as formula-safe CSV', async () => {
    await staff.call('PUT', '/api/admin/providers/games/copper-clover', { token: admin, payload: { enabled: true } });
    // A name a spreadsheet would run as a formula, as it reaches the history and the export.
    await t.services.database.db.update(games).set({ name: '=HYPERLINK("http://evil.example")' }).where(eq(games.slug, 'copper-clover'));
    t.services.catalog.invalidate();
    const player = await kit.fundedPlayer(20_00);
    const launched = await kit.call('POST', '/api/games/copper-clover/launch', { token: player.token, payload: { mode: 'real' } });
    const url = launched.json().data.url as string;
    await fetch(`${url}/state`);
    const spin = await fetch(`${url}/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bet: 100_000 }) });
    expect(((await spin.json()) as { ok: boolean }).ok).toBe(true);
    // A bet whose win never comes: a round left open.
    const session = aggregator().play.get(new URL(url).pathname.split('/').pop()!)!;
    const bet = {
      user: session.user,
      token: session.token,
      game_code: 'crp_copper_clover',
      round: `open-${randomUUID()}`,
      transaction_uuid: randomUUID(),
      request_uuid: randomUUID(),
      currency: t.config.defaultCurrency,
      amount: 50_000,
      round_closed: false,
    };
    const raw = JSON.stringify(bet);
    const answer = await fetch(`${t.config.publicUrl}/api/hub88/transaction/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(keys.aggregator.privateKey, raw) },
      body: raw,
    });
    expect(((await answer.json()) as { status: string }).status).toBe('RS_OK');

    const day = new Date().toISOString().slice(0, 10);
    const read = async (query: string, token = admin) =>
      (await staff.call('GET', `/api/admin/providers/reconciliation?${query}`, { token })).json().data as Reconciliation;
    const all = await read(`day=${day}&open_minutes=1`);
    expect(all.totals).toMatchObject({ bets: 2, wins: 1, rollbacks: 0, refused: 0, stakes: 1_50 });
    expect(all.rounds.map((round) => round.status).sort()).toEqual(['closed', 'open']);
    expect(all.transactions).toHaveLength(3);
    // Names, not ids: each row says whose it is.
    for (const row of [...all.transactions, ...all.rounds]) expect(row).toMatchObject({ player_id: String(player.id), player_email: player.email });
    // Not open a minute yet; with 0 minutes it is.
    expect(all.open_rounds).toEqual([]);
    expect((await read(`day=${day}&open_minutes=1`)).open_minutes).toBe(1);
    const open = await t.services.providers.openRounds(0);
    expect(open.map((row) => row.round)).toEqual([bet.round]);
    const oneRound = await read(`day=${day}&round=${bet.round}`);
    expect(oneRound.transactions.map((row) => [row.kind, row.state, row.amount])).toEqual([['bet', 'accepted', 50]]);
    expect((await read(`day=${day}&status=refused`)).transactions).toEqual([]);
    expect((await read('day=2001-01-01')).transactions).toEqual([]);
    expect((await staff.call('GET', '/api/admin/providers/reconciliation?day=2026-13-40', { token: admin })).statusCode).toBe(422);

    const csv = await staff.call('GET', `/api/admin/providers/reconciliation/export?day=${day}`, { token: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="provider-transactions-${day}.csv"`);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,transaction_uuid,kind,state,response,player_id,round,game_code,game_name,currency,amount,free,reference_uuid');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
    const trail = await t.services.operators.audit.actionsOn('provider:hub88');
    expect(trail.at(-1)).toMatchObject({ action: 'provider.reconciliation.export', after: { day, rows: 3 } });

    const status = (await overview()).status;
    expect(status.last_callback_at).not.toBeNull();
    expect(status.callbacks_24h).toBe(3);
  });
});
