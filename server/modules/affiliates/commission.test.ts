// The commission rules (docs/decisions/0107-affiliates.md) as properties over random plans, players and months.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ngrOf, type Plan, type PlayerMoney, qualifiesForCpa, type StatementPlayer, statementFigures, tierPercentBp } from './commission.ts';

const DAY = 86_400_000;
const money = fc.record({
  stakes: fc.integer({ min: 0, max: 1_000_000 }),
  wins: fc.integer({ min: 0, max: 1_000_000 }),
  bonusCost: fc.integer({ min: -10_000, max: 100_000 }),
  adjustments: fc.integer({ min: -10_000, max: 100_000 }),
  chargebacks: fc.integer({ min: 0, max: 100_000 }),
});
const tiers = fc
  .uniqueArray(fc.record({ minActivePlayers: fc.integer({ min: 1, max: 50 }), percentBp: fc.integer({ min: 0, max: 10_000 }) }), {
    selector: (tier) => tier.minActivePlayers,
    maxLength: 4,
  })
  .chain((rest) => fc.integer({ min: 0, max: 10_000 }).map((base) => [{ minActivePlayers: 0, percentBp: base }, ...rest]));
const plan: fc.Arbitrary<Plan> = fc.record({
  type: fc.constantFrom('cpa', 'revshare', 'hybrid'),
  cpaAmount: fc.integer({ min: 1, max: 50_000 }),
  cpaMinDeposit: fc.integer({ min: 0, max: 10_000 }),
  cpaWindowDays: fc.integer({ min: 1, max: 60 }),
  cpaMinWagering: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  revshareTiers: tiers,
  negativeCarryover: fc.boolean(),
});
const player = (playerId: number): fc.Arbitrary<StatementPlayer> =>
  fc.record({ playerId: fc.constant(playerId), money, excluded: fc.boolean(), qualifies: fc.boolean(), cpaPaid: fc.boolean() });
const players = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => player(i + 1))));

describe('NGR', () => {
  it('is stakes − wins − bonus cost − adjustments − chargebacks', () => {
    fc.assert(fc.property(money, (m) => ngrOf(m) === m.stakes - m.wins - m.bonusCost - m.adjustments - m.chargebacks));
    expect(ngrOf({ stakes: 10_000, wins: 6_000, bonusCost: 1_000, adjustments: 500, chargebacks: 200 })).toBe(2_300);
  });
});

describe('a month’s statement', () => {
  it('never pays a negative commission, and without carry-over never carries anything', () => {
    fc.assert(
      fc.property(plan, players, fc.integer({ min: -1_000_000, max: 0 }), (p, list, carryIn) => {
        const figures = statementFigures(p, list, carryIn);
        expect(figures.commission).toBeGreaterThanOrEqual(0);
        expect(figures.revshareAmount).toBeGreaterThanOrEqual(0);
        expect(figures.commission).toBe(figures.cpaAmount + figures.revshareAmount);
        if (!p.negativeCarryover) {
          expect(figures.carryOverOut).toBe(0);
          expect(figures.carryOverIn).toBe(0);
        } else expect(figures.carryOverOut).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('counts nothing of excluded players: the same as if they were not there', () => {
    fc.assert(
      fc.property(plan, players, fc.integer({ min: -100_000, max: 0 }), (p, list, carryIn) => {
        const without = list.filter((x) => !x.excluded);
        const { cpaPlayerIds, ...all } = statementFigures(p, list, carryIn);
        const { cpaPlayerIds: idsWithout, ...only } = statementFigures(p, without, carryIn);
        expect(all).toEqual(only);
        expect(cpaPlayerIds).toEqual(idsWithout);
        for (const id of cpaPlayerIds) expect(list.find((x) => x.playerId === id)?.excluded).toBe(false);
      }),
    );
  });

  it('pays each player’s CPA at most once over any run of months', () => {
    fc.assert(
      fc.property(
        plan,
        fc.array(fc.array(fc.record({ player: fc.integer({ min: 1, max: 6 }), qualifies: fc.boolean(), excluded: fc.boolean() }), { maxLength: 8 }), {
          maxLength: 8,
        }),
        (p, months) => {
          const paid = new Map<number, number>();
          for (const month of months) {
            const list: StatementPlayer[] = [...new Map(month.map((x) => [x.player, x])).values()].map((x) => ({
              playerId: x.player,
              money: { stakes: 0, wins: 0, bonusCost: 0, adjustments: 0, chargebacks: 0 },
              excluded: x.excluded,
              qualifies: x.qualifies,
              cpaPaid: paid.has(x.player),
            }));
            for (const id of statementFigures(p, list, 0).cpaPlayerIds) paid.set(id, (paid.get(id) ?? 0) + 1);
          }
          for (const times of paid.values()) expect(times).toBe(1);
          if (p.type === 'revshare') expect(paid.size).toBe(0);
        },
      ),
    );
  });

  it('with carry-over on, RevShare over the months never exceeds the percent of the positive running NGR', () => {
    fc.assert(
      fc.property(
        plan.map((p) => ({ ...p, type: 'revshare' as const, negativeCarryover: true, revshareTiers: [{ minActivePlayers: 0, percentBp: 2_500 }] })),
        fc.array(fc.integer({ min: -50_000, max: 50_000 }), { minLength: 1, maxLength: 12 }),
        (p, ngrs) => {
          let carry = 0;
          let paid = 0;
          let running = 0;
          for (const ngr of ngrs) {
            const m: PlayerMoney =
              ngr >= 0
                ? { stakes: ngr, wins: 0, bonusCost: 0, adjustments: 0, chargebacks: 0 }
                : { stakes: 0, wins: -ngr, bonusCost: 0, adjustments: 0, chargebacks: 0 };
            const figures = statementFigures(p, [{ playerId: 1, money: m, excluded: false, qualifies: false, cpaPaid: false }], carry);
            carry = figures.carryOverOut;
            paid += figures.revshareAmount;
            running += ngr;
          }
          // Losses are carried until earned back: what was paid is 25 % of the months' NGR less what is still carried
          // (each month rounded down, so within a cent a month of it).
          const owed = ((running - carry) * 2_500) / 10_000;
          expect(carry).toBeLessThanOrEqual(0);
          expect(paid).toBeLessThanOrEqual(owed);
          expect(paid).toBeGreaterThan(owed - ngrs.length);
        },
      ),
    );
    const p: Plan = {
      type: 'revshare',
      cpaAmount: null,
      cpaMinDeposit: null,
      cpaWindowDays: null,
      cpaMinWagering: null,
      revshareTiers: [{ minActivePlayers: 0, percentBp: 2_500 }],
      negativeCarryover: true,
    };
    const loss = statementFigures(
      p,
      [{ playerId: 1, money: { stakes: 0, wins: 10_000, bonusCost: 0, adjustments: 0, chargebacks: 0 }, excluded: false, qualifies: false, cpaPaid: false }],
      0,
    );
    expect(loss).toMatchObject({ ngr: -10_000, revshareAmount: 0, carryOverOut: -10_000 });
    const next = statementFigures(
      p,
      [{ playerId: 1, money: { stakes: 14_000, wins: 0, bonusCost: 0, adjustments: 0, chargebacks: 0 }, excluded: false, qualifies: false, cpaPaid: false }],
      -10_000,
    );
    expect(next).toMatchObject({ carryOverIn: -10_000, revshareAmount: 1_000, carryOverOut: 0 });
  });

  it('pays the tier the month’s active players reach', () => {
    fc.assert(
      fc.property(tiers, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (list, a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        const sorted = [...list].sort((x, y) => x.minActivePlayers - y.minActivePlayers);
        const reached = sorted.filter((tier) => tier.minActivePlayers <= more).pop()!;
        expect(tierPercentBp(list, more)).toBe(reached.percentBp);
        if (sorted.every((tier, i) => i === 0 || tier.percentBp >= sorted[i - 1]!.percentBp))
          expect(tierPercentBp(list, more)).toBeGreaterThanOrEqual(tierPercentBp(list, fewer));
      }),
    );
  });
});

describe('CPA qualification', () => {
  const base: Plan = {
    type: 'cpa',
    cpaAmount: 5_000,
    cpaMinDeposit: 2_000,
    cpaWindowDays: 30,
    cpaMinWagering: null,
    revshareTiers: [],
    negativeCarryover: false,
  };
  const registeredAt = new Date('2026-11-01T00:00:00Z');

  it('needs a first deposit of at least the minimum within the window, the wagering, and a player not excluded', () => {
    fc.assert(
      fc.property(
        plan,
        fc.option(fc.integer({ min: 0, max: 90 * DAY }), { nil: null }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.boolean(),
        (p, after, amount, wagered, excluded) => {
          const qualifies = qualifiesForCpa(p, {
            registeredAt,
            firstDepositAt: after === null ? null : new Date(registeredAt.getTime() + after),
            firstDepositAmount: after === null ? null : amount,
            wageredInWindow: wagered,
            excluded,
          });
          const expected =
            p.type !== 'revshare' &&
            !excluded &&
            after !== null &&
            amount >= (p.cpaMinDeposit ?? 0) &&
            after <= (p.cpaWindowDays ?? 30) * DAY &&
            wagered >= (p.cpaMinWagering ?? 0);
          expect(qualifies).toBe(expected);
        },
      ),
    );
  });

  it('examples', () => {
    const player = { registeredAt, firstDepositAt: new Date(registeredAt.getTime() + DAY), firstDepositAmount: 2_000, wageredInWindow: 0, excluded: false };
    expect(qualifiesForCpa(base, player)).toBe(true);
    expect(qualifiesForCpa(base, { ...player, firstDepositAmount: 1_999 })).toBe(false);
    expect(qualifiesForCpa(base, { ...player, firstDepositAt: new Date(registeredAt.getTime() + 31 * DAY) })).toBe(false);
    expect(qualifiesForCpa(base, { ...player, excluded: true })).toBe(false);
    expect(qualifiesForCpa({ ...base, cpaMinWagering: 10_000 }, { ...player, wageredInWindow: 9_999 })).toBe(false);
    expect(qualifiesForCpa({ ...base, type: 'revshare' }, player)).toBe(false);
  });
});
