import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertTestPlayer } from '../accounts/testing.ts';
import { gameShardOf, HOUSE_GAME_SHARDS, InsufficientFunds, LedgerValidationError } from './service.ts';
import { journalCount as countJournals, fundedLedgerPlayer, ledgerBalance, testKey as key, useLedgerDatabase } from './testing.ts';

const t = useLedgerDatabase();

const fundedPlayer = (amount: number, currency = 'EUR') => fundedLedgerPlayer(t, amount, currency);
const balanceOf = (accountId: number) => ledgerBalance(t, accountId);
const journalCount = () => countJournals(t);

describe('accounts', () => {
  it("creates a player's cash, bonus and hold accounts once per currency", async () => {
    const playerId = await insertTestPlayer(t.database.db);
    const first = await t.ledger.ensurePlayerAccounts(playerId, 'EUR');
    const again = await t.ledger.ensurePlayerAccounts(playerId, 'EUR');
    const usd = await t.ledger.ensurePlayerAccounts(playerId, 'USD');
    expect(Object.keys(first).sort()).toEqual(['bonus', 'cash', 'withdrawal_hold']);
    expect(again.cash.id).toBe(first.cash.id);
    expect(usd.cash.id).not.toBe(first.cash.id);
    expect(first.cash).toMatchObject({ ownerType: 'player', playerId, kind: 'cash', currency: 'EUR', balance: 0 });
    expect((await t.ledger.balances(playerId)).map((a) => `${a.currency}:${a.kind}`).sort()).toEqual([
      'EUR:bonus',
      'EUR:cash',
      'EUR:withdrawal_hold',
      'USD:bonus',
      'USD:cash',
      'USD:withdrawal_hold',
    ]);
  });

  it('creates one house account per kind and currency', async () => {
    const a = await t.ledger.houseAccount('game', 'GBP');
    const b = await t.ledger.houseAccount('game', 'GBP');
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ ownerType: 'house', playerId: null, kind: 'game', currency: 'GBP' });
  });

  it("splits the house's game and provider accounts into shards, one per player id modulo their count, and no other kind", async () => {
    const providerShards = await Promise.all(Array.from({ length: HOUSE_GAME_SHARDS }, (_, shard) => t.ledger.houseAccount('provider', 'CHF', shard)));
    expect(new Set(providerShards.map((a) => a.id)).size).toBe(HOUSE_GAME_SHARDS);
    for (const playerId of [2, 18, 1_000_005])
      expect(await t.ledger.houseShardAccountId('provider', playerId, 'CHF')).toBe(providerShards[playerId % HOUSE_GAME_SHARDS]!.id);
    await expect(t.ledger.houseAccount('provider', 'CHF', HOUSE_GAME_SHARDS)).rejects.toBeInstanceOf(LedgerValidationError);
    const shards = await Promise.all(Array.from({ length: HOUSE_GAME_SHARDS }, (_, shard) => t.ledger.houseAccount('game', 'CHF', shard)));
    expect(providerShards.some((account) => shards.some((game) => game.id === account.id))).toBe(false);
    expect(new Set(shards.map((a) => a.id)).size).toBe(HOUSE_GAME_SHARDS);
    expect((await t.ledger.houseAccount('game', 'CHF', 5)).id).toBe(shards[5]!.id);
    expect((await t.ledger.houseAccount('game', 'CHF')).id).toBe(shards[0]!.id);
    for (const playerId of [1, 16, 17, 31, 1_000_003]) {
      expect(gameShardOf(playerId)).toBe(playerId % HOUSE_GAME_SHARDS);
      expect(await t.ledger.houseGameAccountId(playerId, 'CHF')).toBe(shards[playerId % HOUSE_GAME_SHARDS]!.id);
    }
    for (const shard of [-1, HOUSE_GAME_SHARDS, 1.5, Number.NaN])
      await expect(t.ledger.houseAccount('game', 'CHF', shard)).rejects.toBeInstanceOf(LedgerValidationError);
    await expect(t.ledger.houseAccount('bonus_cost', 'CHF', 1)).rejects.toBeInstanceOf(LedgerValidationError);
    // The database refuses a shard on any other account, whoever writes it.
    const p = await fundedPlayer(0);
    await expect(t.database.db.execute(sql`update ledger_accounts set shard = 1 where id = ${p.cash.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update ledger_accounts set shard = 1 where id = ${p.clearing.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update ledger_accounts set shard = 3 where id = ${shards[2]!.id}`)).rejects.toThrow();
  });

  it("keeps the house's game balance as the sum of its shards, each holding its own players' net stakes", async () => {
    const currency = 'AUD';
    const shardBalances = () =>
      Promise.all(Array.from({ length: HOUSE_GAME_SHARDS }, async (_, shard) => (await t.ledger.houseAccount('game', currency, shard)).balance));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ who: fc.nat(), bet: fc.integer({ min: 1, max: 500 }), win: fc.integer({ min: 0, max: 2_000 }) }), { maxLength: 12 }),
        async (playerCount, plays) => {
          const before = await shardBalances();
          const houseBefore = await t.ledger.houseBalance('game', currency);
          const players = await Promise.all(Array.from({ length: playerCount }, () => fundedPlayer(10_000, currency)));
          const expected = new Map<number, number>();
          for (const { who, bet, win } of plays) {
            const player = players[who % players.length]!;
            const game = await t.ledger.houseGameAccountId(player.playerId, currency);
            const shard = gameShardOf(player.playerId);
            await t.ledger.transfer({
              idempotencyKey: key(),
              type: 'bet',
              entries: [
                { accountId: player.cash.id, amount: -bet },
                { accountId: game, amount: bet },
              ],
            });
            expected.set(shard, (expected.get(shard) ?? 0) + bet);
            if (win > 0) {
              await t.ledger.transfer({
                idempotencyKey: key(),
                type: 'win',
                entries: [
                  { accountId: game, amount: -win },
                  { accountId: player.cash.id, amount: win },
                ],
              });
              expected.set(shard, expected.get(shard)! - win);
            }
          }
          const after = await shardBalances();
          for (const shard of after.keys()) expect(after[shard]! - before[shard]!).toBe(expected.get(shard) ?? 0);
          let playersLost = 0;
          for (const player of players) playersLost += 10_000 - (await balanceOf(player.cash.id));
          expect((await t.ledger.houseBalance('game', currency)) - houseBefore).toBe(playersLost);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses invalid currencies', async () => {
    await expect(t.ledger.houseAccount('game', 'eur')).rejects.toBeInstanceOf(LedgerValidationError);
    await expect(t.ledger.ensurePlayerAccounts(1, 'EURO')).rejects.toBeInstanceOf(LedgerValidationError);
  });

  it('has a CHECK that player balances are never negative, as a backstop', async () => {
    const p = await fundedPlayer(0);
    await expect(t.database.db.execute(sql`update ledger_accounts set balance = -1 where id = ${p.cash.id}`)).rejects.toThrow();
    await t.database.db.execute(sql`update ledger_accounts set balance = balance where id = ${p.game.id}`);
  });
});

describe('transfer', () => {
  it('moves money, writes a journal whose entries sum to zero, and updates the cached balances', async () => {
    const p = await fundedPlayer(5_000);
    const result = await t.ledger.transfer({
      idempotencyKey: key(),
      type: 'bet',
      referenceId: 'round-1',
      metadata: { game: 'roulette' },
      entries: [
        { accountId: p.cash.id, amount: -1_250 },
        { accountId: p.game.id, amount: 1_250 },
      ],
    });
    expect(result).toMatchObject({ type: 'bet', referenceId: 'round-1', metadata: { game: 'roulette' }, replayed: false });
    expect(result.entries).toEqual([
      { accountId: p.cash.id, amount: -1_250 },
      { accountId: p.game.id, amount: 1_250 },
    ]);
    expect(await balanceOf(p.cash.id)).toBe(3_750);
    expect((await t.ledger.entriesOf(p.cash.id)).map((e) => e.amount)).toEqual([5_000, -1_250]);
    const journal = await t.ledger.journal(result.id);
    expect(journal?.entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect((await t.ledger.journal(result.idempotencyKey))?.id).toBe(result.id);
    expect(await t.ledger.journal('no-such-key')).toBeNull();
  });

  it('lets house accounts go negative', async () => {
    const p = await fundedPlayer(0, 'SEK');
    const before = await balanceOf(p.clearing.id);
    await t.ledger.transfer({
      idempotencyKey: key(),
      type: 'deposit',
      entries: [
        { accountId: p.clearing.id, amount: -999 },
        { accountId: p.cash.id, amount: 999 },
      ],
    });
    expect(await balanceOf(p.clearing.id)).toBe(before - 999);
    expect(await balanceOf(p.clearing.id)).toBeLessThan(0);
  });

  it('accepts more than two entries and the same account twice (applied as its net change)', async () => {
    const p = await fundedPlayer(1_000);
    await t.ledger.transfer({
      idempotencyKey: key(),
      type: 'bet',
      entries: [
        { accountId: p.cash.id, amount: -600 },
        { accountId: p.cash.id, amount: -400 },
        { accountId: p.game.id, amount: 1_000 },
      ],
    });
    expect(await balanceOf(p.cash.id)).toBe(0);
  });

  it.each([
    ['one entry', [{ accountId: 1, amount: 0 }]],
    [
      'a zero amount',
      [
        { accountId: 1, amount: 0 },
        { accountId: 2, amount: 0 },
      ],
    ],
    [
      'a fractional amount',
      [
        { accountId: 1, amount: -0.5 },
        { accountId: 2, amount: 0.5 },
      ],
    ],
    [
      'a NaN amount',
      [
        { accountId: 1, amount: Number.NaN },
        { accountId: 2, amount: 1 },
      ],
    ],
    [
      'an unsafe amount',
      [
        { accountId: 1, amount: -(2 ** 53) },
        { accountId: 2, amount: 2 ** 53 },
      ],
    ],
    [
      'entries that do not sum to zero',
      [
        { accountId: 1, amount: -100 },
        { accountId: 2, amount: 99 },
      ],
    ],
    [
      'entries that cancel out on one account',
      [
        { accountId: 1, amount: -100 },
        { accountId: 1, amount: 100 },
      ],
    ],
    [
      'a bad account id',
      [
        { accountId: 0, amount: -1 },
        { accountId: 2, amount: 1 },
      ],
    ],
  ])('refuses %s and moves nothing', async (_name, entries) => {
    const before = await journalCount();
    await expect(t.ledger.transfer({ idempotencyKey: key(), type: 'adjustment', entries })).rejects.toBeInstanceOf(LedgerValidationError);
    expect(await journalCount()).toBe(before);
  });

  it('refuses an unknown journal type, an empty key and an unknown account', async () => {
    const p = await fundedPlayer(100);
    const entries = [
      { accountId: p.cash.id, amount: -1 },
      { accountId: p.game.id, amount: 1 },
    ];
    await expect(t.ledger.transfer({ idempotencyKey: key(), type: 'gift' as 'bet', entries })).rejects.toBeInstanceOf(LedgerValidationError);
    await expect(t.ledger.transfer({ idempotencyKey: '', type: 'bet', entries })).rejects.toBeInstanceOf(LedgerValidationError);
    const before = await journalCount();
    await expect(
      t.ledger.transfer({
        idempotencyKey: key(),
        type: 'bet',
        entries: [
          { accountId: p.cash.id, amount: -1 },
          { accountId: 987_654_321, amount: 1 },
        ],
      }),
    ).rejects.toThrow(/Unknown ledger account 987654321/);
    expect(await journalCount()).toBe(before);
    expect(await balanceOf(p.cash.id)).toBe(100);
  });

  it('refuses mixed currencies and moves nothing', async () => {
    const p = await fundedPlayer(1_000, 'EUR');
    const usdGame = await t.ledger.houseAccount('game', 'USD');
    const before = await journalCount();
    await expect(
      t.ledger.transfer({
        idempotencyKey: key(),
        type: 'bet',
        entries: [
          { accountId: p.cash.id, amount: -100 },
          { accountId: usdGame.id, amount: 100 },
        ],
      }),
    ).rejects.toThrow(/one currency/);
    expect(await balanceOf(p.cash.id)).toBe(1_000);
    expect(await journalCount()).toBe(before);
  });

  it('refuses an overdraw with InsufficientFunds and moves nothing, and the key stays usable', async () => {
    const p = await fundedPlayer(500);
    const gameBefore = await balanceOf(p.game.id);
    const journalsBefore = await journalCount();
    const k = key();
    const error = await t.ledger
      .transfer({
        idempotencyKey: k,
        type: 'bet',
        entries: [
          { accountId: p.game.id, amount: 501 },
          { accountId: p.cash.id, amount: -501 },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect((error as InsufficientFunds).accountId).toBe(p.cash.id);
    expect(await balanceOf(p.cash.id)).toBe(500);
    expect(await balanceOf(p.game.id)).toBe(gameBefore);
    expect(await journalCount()).toBe(journalsBefore);
    expect(await t.ledger.journal(k)).toBeNull();
    // Spending exactly the balance is fine, with the same key.
    await t.ledger.transfer({
      idempotencyKey: k,
      type: 'bet',
      entries: [
        { accountId: p.game.id, amount: 500 },
        { accountId: p.cash.id, amount: -500 },
      ],
    });
    expect(await balanceOf(p.cash.id)).toBe(0);
  });

  it('refuses an overdraw of one account even when another account of the transfer is fine', async () => {
    const p = await fundedPlayer(300);
    await expect(
      t.ledger.transfer({
        idempotencyKey: key(),
        type: 'bet',
        entries: [
          { accountId: p.cash.id, amount: -300 },
          { accountId: p.bonus.id, amount: -1 },
          { accountId: p.game.id, amount: 301 },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(p.cash.id)).toBe(300);
  });
});
