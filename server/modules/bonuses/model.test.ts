import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bonusForDeposit,
  contributionOf,
  conversionOf,
  maxBetRefusal,
  splitStake,
  splitWin,
  stakeEntries,
  wageringFor,
  wageringOf,
  winEntries,
} from './model.ts';

const ACCOUNTS = { cash: 1, bonus: 2, game: 3, bonusCost: 4, clearing: 5 };
const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
const sum = (entries: { amount: number }[]) => entries.reduce((total, e) => total + e.amount, 0);

describe('the funding rules', () => {
  it('pays a stake from cash first, then bonus, and never more than the stake', () => {
    fc.assert(
      fc.property(fc.nat(10_000_00), fc.nat(10_000_00), fc.nat(10_000_00), (stake, cash, bonus) => {
        const split = splitStake(stake, cash, bonus);
        expect(split.cash + split.bonus).toBe(stake);
        expect(split.cash).toBe(bonus <= 0 ? stake : Math.min(stake, cash));
        if (split.bonus > 0) expect(split.cash).toBe(cash);
        expect(sum(stakeEntries(split, ACCOUNTS))).toBe(0);
      }),
    );
  });

  it('splits a win in the stake proportion, the bonus part rounded down, summing to the win', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000_00), fc.nat(10_000_00), fc.nat(10_000_00), (win, cash, bonus) => {
        const split = splitWin(win, { cash, bonus });
        expect(split.cash + split.bonus).toBe(win);
        expect(split.bonus).toBeGreaterThanOrEqual(0);
        if (cash + bonus > 0) expect(split.bonus).toBeLessThanOrEqual((win * bonus) / (cash + bonus));
        if (bonus === 0) expect(split.bonus).toBe(0);
        for (const to of ['bonus', 'cash', 'house'] as const) expect(sum(winEntries(win, split, ACCOUNTS, to))).toBe(0);
      }),
    );
  });

  it('counts wagering as stake × contribution, never negative, never above the stake', () => {
    fc.assert(
      fc.property(fc.nat(10_000_00), fc.integer({ min: -50, max: 150 }), (stake, percent) => {
        const counted = wageringOf(stake, percent);
        expect(counted).toBeGreaterThanOrEqual(0);
        expect(counted).toBeLessThanOrEqual(stake);
      }),
    );
    expect(contributionOf({ contributions: { slots: 100, 'table-games': 10 } }, 'table-games')).toBe(10);
    expect(contributionOf({ contributions: { slots: 100 } }, 'live')).toBe(0);
  });

  it('matches a deposit up to the maximum bonus, and caps the conversion', () => {
    expect(bonusForDeposit('deposit_match', { match_percent: 100, max_bonus: 500_00 }, 100_00)).toBe(100_00);
    expect(bonusForDeposit('deposit_match', { match_percent: 100, max_bonus: 500_00 }, 900_00)).toBe(500_00);
    expect(bonusForDeposit('reload', { match_percent: 50, max_bonus: 200_00 }, 33_33)).toBe(16_66);
    expect(bonusForDeposit('free_spins', { match_percent: 100, max_bonus: 500_00 }, 100_00)).toBe(0);
    expect(conversionOf(300_00, 100_00)).toEqual({ toCash: 100_00, toHouse: 200_00 });
    expect(conversionOf(50_00, null)).toEqual({ toCash: 50_00, toHouse: 0 });
    expect(maxBetRefusal(6_00, 5_00, money)).toBe('While your bonus is active the maximum stake is €5.00 per round.');
    expect(maxBetRefusal(5_00, 5_00, money)).toBeNull();
    expect(maxBetRefusal(1_000_00, null, money)).toBeNull();
  });
});

// A whole player's money under random sequences of deposits (with and without a bonus), rounds of each kind of
// game, free spins, cancellations, expiries and withdrawals (with and without forfeit), moved with the same
// functions the service uses, journal by journal.
type Op =
  | { kind: 'deposit'; amount: number; bonus: boolean }
  | { kind: 'round'; stake: number; category: 'slots' | 'table-games' | 'live'; winX10: number }
  | { kind: 'freeSpin'; winX10: number }
  | { kind: 'cancel' }
  | { kind: 'expire' }
  | { kind: 'withdraw'; amount: number; forfeit: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1_00, max: 300_00 }), bonus: fc.boolean() }),
  fc.record({
    kind: fc.constant('round' as const),
    stake: fc.integer({ min: 10, max: 8_00 }),
    category: fc.constantFrom('slots' as const, 'table-games' as const, 'live' as const),
    winX10: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 })),
  }),
  fc.record({ kind: fc.constant('freeSpin' as const), winX10: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1, max: 200_00 }), forfeit: fc.boolean() }),
);

type Bonus = { status: 'pending' | 'active' | 'completed' | 'ended'; wagered: number; required: number; spins: number; conversions: number };
const TERMS = {
  match_percent: 100,
  max_bonus: 100_00,
  wagering_multiplier: 3,
  max_bet: 5_00,
  max_conversion: 150_00,
  contributions: { slots: 100, 'table-games': 10 },
};

describe('the bonus money model under random sequences', () => {
  it('keeps every journal at zero, cash out of forfeits, bonus money locked until wagered, one conversion, wagering rising', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.boolean(), (ops, spinsOffer) => {
        const balances = new Map<number, number>(Object.values(ACCOUNTS).map((id) => [id, 0]));
        const journal = (entries: { accountId: number; amount: number }[]) => {
          expect(sum(entries)).toBe(0);
          for (const e of entries) balances.set(e.accountId, balances.get(e.accountId)! + e.amount);
          expect(balances.get(ACCOUNTS.cash)).toBeGreaterThanOrEqual(0);
          expect(balances.get(ACCOUNTS.bonus)).toBeGreaterThanOrEqual(0);
        };
        const cash = () => balances.get(ACCOUNTS.cash)!;
        const bonusMoney = () => balances.get(ACCOUNTS.bonus)!;
        let bonus: Bonus | null = spinsOffer ? { status: 'active', wagered: 0, required: 0, spins: 3, conversions: 0 } : null;
        /** Cash the player may have without any bonus money having become cash: deposits, cash wins, conversions. */
        let ownCash = 0;
        const end = () => {
          if (!bonus || (bonus.status !== 'active' && bonus.status !== 'pending')) return;
          const before = cash();
          if (bonusMoney() > 0)
            journal([
              { accountId: ACCOUNTS.bonus, amount: -bonusMoney() },
              { accountId: ACCOUNTS.bonusCost, amount: bonusMoney() },
            ]);
          expect(cash()).toBe(before); // cash never pays a forfeit
          bonus.status = 'ended';
        };
        const convertIfDone = () => {
          if (bonus?.status !== 'active' || bonus.wagered < bonus.required || bonus.spins > 0) return;
          const { toCash, toHouse } = conversionOf(bonusMoney(), TERMS.max_conversion);
          if (bonusMoney() > 0)
            journal(
              [
                { accountId: ACCOUNTS.bonus, amount: -bonusMoney() },
                { accountId: ACCOUNTS.cash, amount: toCash },
                { accountId: ACCOUNTS.bonusCost, amount: toHouse },
              ].filter((e) => e.amount !== 0),
            );
          ownCash += toCash;
          bonus.conversions += 1;
          bonus.status = 'completed';
        };
        for (const step of ops) {
          const tracked = bonus;
          const wageredBefore = bonus?.wagered ?? 0;
          if (step.kind === 'deposit') {
            journal([
              { accountId: ACCOUNTS.clearing, amount: -step.amount },
              { accountId: ACCOUNTS.cash, amount: step.amount },
            ]);
            ownCash += step.amount;
            if (step.bonus && (!bonus || bonus.status === 'completed' || bonus.status === 'ended')) {
              const amount = bonusForDeposit('deposit_match', TERMS, step.amount);
              journal([
                { accountId: ACCOUNTS.bonusCost, amount: -amount },
                { accountId: ACCOUNTS.bonus, amount },
              ]);
              bonus = { status: 'active', wagered: 0, required: wageringFor(amount, TERMS.wagering_multiplier), spins: 0, conversions: 0 };
            }
          } else if (step.kind === 'round') {
            const active = bonus?.status === 'active' ? bonus : null;
            if (active && maxBetRefusal(step.stake, TERMS.max_bet, money)) continue; // refused before money moves
            const split = active ? splitStake(step.stake, cash(), bonusMoney()) : { cash: step.stake, bonus: 0 };
            if (split.cash > cash() || split.bonus > bonusMoney()) continue; // the ledger refuses it
            journal(stakeEntries(split, ACCOUNTS));
            ownCash -= split.cash;
            if (active) active.wagered += wageringOf(step.stake, contributionOf(TERMS, step.category));
            const win = Math.floor((step.stake * step.winX10) / 10);
            if (win > 0) {
              const parts = splitWin(win, split);
              journal(winEntries(win, parts, ACCOUNTS, bonus?.status === 'active' ? 'bonus' : bonus?.status === 'completed' ? 'cash' : 'house'));
              ownCash += parts.cash;
            }
            convertIfDone();
          } else if (step.kind === 'freeSpin') {
            const active = bonus?.status === 'active' && bonus.spins > 0 ? bonus : null;
            if (!active) continue;
            journal(stakeEntries({ cash: 0, bonus: 20 }, ACCOUNTS, true));
            active.spins -= 1;
            const win = Math.floor((20 * step.winX10) / 10);
            if (win > 0) {
              journal(winEntries(win, { cash: 0, bonus: win }, ACCOUNTS, 'bonus'));
              active.required += wageringFor(win, TERMS.wagering_multiplier);
            }
            convertIfDone();
          } else if (step.kind === 'cancel' || step.kind === 'expire') {
            end();
          } else if (step.kind === 'withdraw') {
            if (step.amount > cash()) continue;
            if (bonus?.status === 'active') {
              if (!step.forfeit) continue; // 409: nothing moves
              end();
            }
            journal([
              { accountId: ACCOUNTS.cash, amount: -step.amount },
              { accountId: ACCOUNTS.clearing, amount: step.amount },
            ]);
            ownCash -= step.amount;
          }
          // Bonus money never becomes cash before its wagering is done: all cash is the player's own.
          expect(cash()).toBe(ownCash);
          // Wagering never decreases; a bonus converts at most once, and only once its wagering is done.
          if (bonus && bonus === tracked) expect(bonus.wagered).toBeGreaterThanOrEqual(wageredBefore);
          if (bonus) expect(bonus.conversions).toBeLessThanOrEqual(1);
          if (bonus?.status === 'completed') expect(bonus.wagered).toBeGreaterThanOrEqual(bonus.required);
        }
        // Money is only ever moved between accounts.
        expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
