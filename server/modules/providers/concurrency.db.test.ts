// Hub88 calls at once (docs/decisions/0096-hub88-seamless-wallet.md): a hundred deliveries of one bet, win or
// rollback move money once; and bets racing a self-exclusion never take money once the exclusion has committed,
// whether the exclusion lands before a bet's check or between its check and its money.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { createHub88Wallet } from './hub88/wallet.ts';
import { providerTransactions } from './schema.ts';
import { createProvidersService } from './service.ts';
import { hub88Env, hub88Kit, rsaKeyPair, units } from './testing.ts';

const aggregator = rsaKeyPair();
const t = useTestApp(hub88Env(aggregator, rsaKeyPair()));
const kit = hub88Kit(t, aggregator);

const rowsOf = (uuid: string) =>
  t.services.database.db
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.transactionUuid, uuid)));

describe('one transaction delivered many times at once', () => {
  it('100 deliveries of a bet, then of its win and its rollback, move money once each', async () => {
    const player = await kit.player(50_00);
    const bet = kit.body.bet(player, 7_00);
    const bets = await Promise.all(Array.from({ length: 100 }, () => kit.call('/transaction/bet', { ...bet, request_uuid: randomUUID() })));
    expect(new Set(bets.map(({ answer }) => answer.status))).toEqual(new Set(['RS_OK']));
    expect(new Set(bets.map(({ answer }) => answer.balance))).toEqual(new Set([units(43_00)]));
    expect(await kit.balance(player.id)).toBe(43_00);
    expect(await rowsOf(bet.transaction_uuid)).toHaveLength(1);

    const win = kit.body.win(player, bet, 20_00);
    const rollback = kit.body.rollback(player, bet);
    const settled = await Promise.all([
      ...Array.from({ length: 50 }, () => kit.call('/transaction/win', { ...win, request_uuid: randomUUID() })),
      ...Array.from({ length: 50 }, () => kit.call('/transaction/rollback', { ...rollback, request_uuid: randomUUID() })),
    ]);
    // The win and the rollback race for the bet: each pays once, and the win is paid only if it came first.
    const winStatuses = new Set(settled.slice(0, 50).map(({ answer }) => answer.status));
    expect(new Set(settled.slice(50).map(({ answer }) => answer.status))).toEqual(new Set(['RS_OK']));
    expect(winStatuses.size).toBe(1);
    const won = winStatuses.has('RS_OK');
    if (!won) expect(winStatuses).toEqual(new Set(['RS_ERROR_TRANSACTION_ROLLED_BACK']));
    expect(await kit.balance(player.id)).toBe(50_00 + (won ? 20_00 : 0));
    expect(await rowsOf(win.transaction_uuid)).toHaveLength(won ? 1 : 0);
    expect(await rowsOf(rollback.transaction_uuid)).toHaveLength(1);
  }, 120_000);
});

describe('bets racing a self-exclusion', () => {
  it('take no money once the exclusion has committed: every bet after it is refused, the balance is the accepted bets’', async () => {
    const player = await kit.player(100_00);
    const bets = Array.from({ length: 30 }, () => kit.body.bet(player, 1_00));
    let excludedAt: number | undefined;
    let balanceWhenExcluded: number | undefined;
    const answers = bets.map((bet, i) =>
      (async () => {
        // Spread over the exclusion: some start before it, some after it committed.
        if (i % 2 === 1) await new Promise((resolve) => setTimeout(resolve, i));
        const startedAt = Date.now();
        const { answer } = await kit.call('/transaction/bet', bet);
        return { answer, startedAt };
      })(),
    );
    const exclusion = t.services.limits.operatorSelfExclude(1, player.id, 6).then(async () => {
      excludedAt = Date.now();
      balanceWhenExcluded = await kit.balance(player.id);
    });
    const results = await Promise.all(answers);
    await exclusion;
    const accepted = results.filter(({ answer }) => answer.status === 'RS_OK');
    for (const { answer, startedAt } of results) {
      expect(['RS_OK', 'RS_ERROR_USER_DISABLED']).toContain(answer.status);
      if (startedAt > excludedAt!) expect(answer.status).toBe('RS_ERROR_USER_DISABLED');
    }
    const final = await kit.balance(player.id);
    expect(final).toBe(100_00 - accepted.length * 1_00);
    // Nothing was taken after the exclusion committed (a stake that was already under way is given back).
    expect(final).toBeGreaterThanOrEqual(balanceWhenExcluded!);
  }, 120_000);

  it('give back a stake whose money moved after the exclusion committed, and refuse the bet for good', async () => {
    const { services } = t;
    const player = await kit.player(30_00);
    let excludeNow: (() => Promise<void>) | undefined;
    // The limits' check passes, then the exclusion commits before the bet's money moves.
    const providers = createProvidersService({
      db: services.database.db,
      ledger: services.ledger,
      currency: 'EUR',
      games: {
        gameOf: async (code) => {
          const game = await services.catalog.playableGame(code);
          const [summary] = game ? await services.catalog.gamesByIds([game.id]) : [];
          return summary ? { id: summary.id, slug: summary.slug, name: summary.name, category: summary.category } : null;
        },
      },
      catalogue: { sync: () => Promise.reject(new Error('no sync here')), launchable: async () => null, byCodes: async () => new Map() },
      gate: { underMaintenance: async () => false, assertMayPlay: (id) => services.limits.assertMayPlay(id) },
      publicUrl: 'http://localhost',
      players: { profile: async () => null },
      stakes: {
        guardStake: async (playerId, stake) => {
          await services.limits.guardStake(playerId, stake);
          await excludeNow?.();
        },
        keptFromPlay: (ids) => services.limits.keptFromPlay(ids),
      },
      funding: services.bonuses.funding,
      loyalty: services.clubs,
      balances: {
        balanceOf: async (playerId) => (await services.wallet.wallet(playerId)).balance,
        announce: async (playerId) => (await services.wallet.wallet(playerId)).balance,
      },
    });
    const wallet = createHub88Wallet({ providers, currency: 'EUR', subPartnerId: undefined });
    excludeNow = async () => {
      excludeNow = undefined;
      await services.limits.operatorSelfExclude(1, player.id, 6);
    };
    const bet = kit.body.bet(player, 12_00);
    const answer = await wallet.handle('/transaction/bet', JSON.stringify(bet));
    expect(answer).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: units(30_00) });
    expect(await kit.balance(player.id)).toBe(30_00);
    const [row] = await rowsOf(bet.transaction_uuid);
    expect(row).toMatchObject({ state: 'refused', response: 'user_disabled' });
    // The money moved and came back: two journals that cancel out.
    const taken = await services.ledger.journal(row!.journalId!);
    const back = await services.ledger.journal(row!.reversalJournalId!);
    expect([...taken!.entries, ...back!.entries].filter((entry) => entry.amount > 0).reduce((sum, entry) => sum + entry.amount, 0)).toBe(24_00);
    // Hub88 hears the same answer again, its rollback gives nothing more back, and a win on it does not exist.
    expect((await wallet.handle('/transaction/bet', JSON.stringify(bet))).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await wallet.handle('/transaction/rollback', JSON.stringify(kit.body.rollback(player, bet)))).status).toBe('RS_OK');
    expect((await wallet.handle('/transaction/win', JSON.stringify(kit.body.win(player, bet, 50_00)))).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await kit.balance(player.id)).toBe(30_00);
    const [day] = await services.providers.totals(player.id, [new Date(Date.now() - 60_000)]);
    expect(day!.stakes).toBe(0);
  }, 60_000);
});
