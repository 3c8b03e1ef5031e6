// The compliance rules (docs/decisions/0114, 0115) as properties over random event streams: each rule fires when
// its threshold is hit exactly and not one short, and replaying a stream through the engine raises one alert per
// dedupe key. Seeded, so a failure is reproducible.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EventKind,
  evaluateRules,
  historyNeeded,
  lookBackMs,
  PLAY_RULES_WITHOUT_HISTORY,
  type RuleEvent,
  type RuleHit,
  RULES,
  ruleNamed,
} from './rules.ts';

const SEED = 33_2026;
const T0 = Date.UTC(2026, 10, 2, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const only = (name: string) => [ruleNamed(name)!];
const ev = (kind: EventKind, at: number, amount = 0, facts: Record<string, unknown> = {}, reference = `${kind}-${at}-${amount}`): RuleEvent => ({
  kind,
  amount,
  at: new Date(at),
  reference,
  facts,
});
/** Feeds the stream event by event, as the service does, and keeps the alerts a dedupe-keyed store would keep. */
function run(stream: RuleEvent[], thresholds: Record<string, Record<string, number | boolean>> = {}, rules = RULES) {
  const sorted = [...stream].sort((a, b) => a.at.getTime() - b.at.getTime());
  const raised = new Map<string, RuleHit>();
  let fired = 0;
  sorted.forEach((event, i) => {
    for (const hit of evaluateRules({ playerId: 7, event, history: sorted.slice(0, i + 1) }, thresholds, rules)) {
      fired++;
      if (!raised.has(hit.dedupeKey)) raised.set(hit.dedupeKey, hit);
    }
  });
  return { alerts: [...raised.values()], fired };
}
const params = { seed: SEED, numRuns: 150 };

describe('velocity', () => {
  it('fires at exactly per_hour deposits within an hour, and not at one fewer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(fc.integer({ min: 0, max: 59 * MIN }), { minLength: 12, maxLength: 12 }), (perHour, offsets) => {
        const times = offsets.slice(0, perHour).map((o) => T0 + o);
        const t = { 'velocity-deposits': { per_hour: perHour, per_day: 1000 } };
        expect(
          run(
            times.map((at, i) => ev('deposit', at, 100 + i)),
            t,
            only('velocity-deposits'),
          ).alerts,
        ).toHaveLength(1);
        expect(
          run(
            times.slice(1).map((at, i) => ev('deposit', at, 100 + i)),
            t,
            only('velocity-deposits'),
          ).alerts,
        ).toHaveLength(0);
      }),
      params,
    );
  });

  it('counts withdrawals per day apart from deposits', () => {
    const stream = Array.from({ length: 3 }, (_, i) => ev('withdrawal_request', T0 + i * 3 * HOUR, 500));
    const t = { 'velocity-withdrawals': { per_hour: 100, per_day: 3 } };
    expect(run(stream, t, only('velocity-withdrawals')).alerts.map((a) => a.facts)).toEqual([{ window: 'day', count: 3, limit: 3 }]);
    expect(
      run(
        stream.map((e) => ({ ...e, kind: 'deposit' as const })),
        t,
        only('velocity-withdrawals'),
      ).alerts,
    ).toHaveLength(0);
  });
});

describe('structuring', () => {
  it('fires on the count-th deposit just under the threshold within the window; amounts at or over it never count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 10_000, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 6, maxLength: 6 }),
        (n, threshold, cuts) => {
          const floor = Math.ceil((threshold * 90) / 100);
          const t = { structuring: { threshold, margin_percent: 10, count: n, window_hours: 24, hold: true } };
          const under = cuts.slice(0, n).map((c, i) => ev('deposit', T0 + i * HOUR, Math.max(floor, threshold - 1 - (c % (threshold - floor)))));
          const { alerts } = run(under, t, only('structuring'));
          expect(alerts).toHaveLength(1);
          expect(alerts[0]!.holdWithdrawals).toBe(true);
          expect(run(under.slice(1), t, only('structuring')).alerts).toHaveLength(0);
          const atThreshold = under.map((e) => ({ ...e, amount: threshold }));
          expect(run(atThreshold, t, only('structuring')).alerts).toHaveLength(0);
        },
      ),
      params,
    );
  });
});

describe('rapid in-out', () => {
  it('fires when the stakes since the deposit are under the percent of it, exactly at the boundary not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1_000_000 }), fc.integer({ min: 1, max: 100 }), (deposit, percent) => {
        const boundary = Math.ceil((percent * deposit) / 100);
        const t = { 'rapid-in-out': { window_hours: 24, min_play_percent: percent } };
        const stream = (staked: number) => [ev('deposit', T0, deposit), ev('withdrawal_request', T0 + HOUR, deposit, { staked_since_deposit: staked }, 'w1')];
        expect(run(stream(boundary), t, only('rapid-in-out')).alerts).toHaveLength(0);
        expect(run(stream(boundary - 1), t, only('rapid-in-out')).alerts).toHaveLength(1);
      }),
      params,
    );
  });

  it('needs a deposit inside the window', () => {
    const stream = [ev('deposit', T0, 10_000), ev('withdrawal_request', T0 + 25 * HOUR, 10_000, { staked_since_deposit: 0 })];
    expect(run(stream, {}, only('rapid-in-out')).alerts).toHaveLength(0);
  });
});

describe('large stakes and wins', () => {
  it('fire at the amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (amount) => {
        const t = { 'large-stake': { amount }, 'large-win': { amount } };
        const rules = [ruleNamed('large-stake')!, ruleNamed('large-win')!];
        expect(run([ev('play', T0, amount, { wins: amount - 1 })], t, rules).alerts.map((a) => a.rule)).toEqual(['large-stake']);
        expect(run([ev('play', T0, amount - 1, { wins: amount })], t, rules).alerts.map((a) => a.rule)).toEqual(['large-win']);
      }),
      params,
    );
  });
});

describe('bonus abuse', () => {
  it('bonus hunting fires on the claims-th claim in the window', () => {
    const claims = [1, 2, 3].map((i) => ev('bonus_claim', T0 + i * 24 * HOUR, 0, { offer: `offer-${i}` }));
    expect(run(claims, {}, only('bonus-hunting')).alerts).toHaveLength(1);
    expect(run(claims.slice(1), {}, only('bonus-hunting')).alerts).toHaveLength(0);
  });

  it('linked accounts on the same offer fire once per offer', () => {
    const claim = ev('bonus_claim', T0, 0, { offer: 'welcome' });
    const hits = evaluateRules({ playerId: 7, event: claim, history: [claim], linkedClaims: [8] }, {}, only('bonus-linked'));
    expect(hits.map((h) => [h.dedupeKey, h.facts])).toEqual([['bonus-linked:7:welcome', { offer: 'welcome', linked_players: [8] }]]);
    expect(evaluateRules({ playerId: 7, event: claim, history: [claim], linkedClaims: [] }, {}, only('bonus-linked'))).toEqual([]);
  });
});

describe('withdrawal to a new destination', () => {
  it('fires for a destination never used before, not for the first withdrawal or a known destination', () => {
    const w = (at: number, destination: string, ref: string) => ev('withdrawal_request', at, 1000, { destination, method: 'sandbox-card' }, ref);
    expect(run([w(T0, 'Card ending 4242', 'a')], {}, only('new-destination')).alerts).toHaveLength(0);
    expect(run([w(T0, 'Card ending 4242', 'a'), w(T0 + HOUR, 'Card ending 4242', 'b')], {}, only('new-destination')).alerts).toHaveLength(0);
    expect(run([w(T0, 'Card ending 4242', 'a'), w(T0 + HOUR, 'bc1qnewaddress000000000000000000', 'b')], {}, only('new-destination')).alerts).toHaveLength(1);
  });
});

describe('markers of harm', () => {
  it('rising deposits: recent total at factor percent of the days before', () => {
    const t = { 'rising-deposits': { days: 7, factor_percent: 200, min_amount: 1 } };
    const before = ev('deposit', T0 - 8 * 24 * HOUR, 10_000);
    expect(run([before, ev('deposit', T0, 20_000)], t, only('rising-deposits')).alerts).toHaveLength(1);
    expect(run([before, ev('deposit', T0, 19_999)], t, only('rising-deposits')).alerts).toHaveLength(0);
  });

  it('chasing losses: the count-th deposit made straight after a loss', () => {
    const t = { 'chasing-losses': { loss: 5_000, minutes: 30, count: 2 } };
    const cycle = (at: number, lost: number) => [ev('play', at, lost, { wins: 0 }), ev('deposit', at + 10 * MIN, 5_000)];
    expect(run([...cycle(T0, 5_000), ...cycle(T0 + 2 * HOUR, 5_000)], t, only('chasing-losses')).alerts).toHaveLength(1);
    expect(run([...cycle(T0, 5_000), ...cycle(T0 + 2 * HOUR, 4_999)], t, only('chasing-losses')).alerts).toHaveLength(0);
  });

  it('long sessions: play without a break of gap_minutes for hours, once per session', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), (hours) => {
        const t = { 'long-session': { hours, gap_minutes: 30 } };
        const plays = Array.from({ length: hours * 4 + 1 }, (_, i) => ev('play', T0 + i * 15 * MIN, 100));
        const { alerts, fired } = run(plays, t, only('long-session'));
        expect(alerts).toHaveLength(1);
        expect(fired).toBe(1);
        expect(run(plays.slice(0, -1), t, only('long-session')).alerts).toHaveLength(0);
      }),
      params,
    );
  });

  it('night-time play on the nights-th night; day play never counts', () => {
    const night = (d: number) => ev('play', Date.UTC(2026, 10, 2 + d, 2, 0), 100);
    expect(run([0, 1, 2].map(night), {}, only('night-play')).alerts).toHaveLength(1);
    expect(run([0, 1].map(night), {}, only('night-play')).alerts).toHaveLength(0);
    expect(
      run(
        [0, 1, 2].map((d) => ev('play', Date.UTC(2026, 10, 2 + d, 14, 0), 100)),
        {},
        only('night-play'),
      ).alerts,
    ).toHaveLength(0);
  });

  it('limit increases and cancelled withdrawals fire at their counts', () => {
    expect(
      run(
        [0, 1, 2].map((d) => ev('limit_increase', T0 + d * HOUR)),
        {},
        only('limit-increases'),
      ).alerts,
    ).toHaveLength(1);
    expect(
      run(
        [0, 1].map((d) => ev('limit_increase', T0 + d * HOUR)),
        {},
        only('limit-increases'),
      ).alerts,
    ).toHaveLength(0);
    expect(
      run(
        [0, 1].map((d) => ev('withdrawal_released', T0 + d * HOUR, 100)),
        {},
        only('cancelled-withdrawals'),
      ).alerts.map((a) => a.kind),
    ).toEqual(['rg']);
  });
});

describe('registrations and sign-ins', () => {
  it('a withdrawal of at least the amount within the hours of registration fires once; later or smaller does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 99 }), (hours, amount, early) => {
        const t = { 'new-account-withdrawal': { hours, amount } };
        const registered = ev('registration', T0);
        // Inside the window (after registration, less than `hours` later), at exactly the amount: one alert.
        const inside = T0 + Math.max(1, Math.floor((hours * HOUR * early) / 100));
        expect(run([registered, ev('withdrawal_request', inside, amount)], t, only('new-account-withdrawal')).alerts).toHaveLength(1);
        // One cent short, or one millisecond after the window: none.
        expect(run([registered, ev('withdrawal_request', inside, amount - 1)], t, only('new-account-withdrawal')).alerts).toHaveLength(0);
        expect(run([registered, ev('withdrawal_request', T0 + hours * HOUR + 1, amount)], t, only('new-account-withdrawal')).alerts).toHaveLength(0);
      }),
      params,
    );
  });

  it('sign-ins from exactly `devices` devices within a day fire once (a day: one alert per UTC date); one fewer, or spread over more than a day, do not', () => {
    fc.assert(
      // T0 is noon UTC: offsets up to 11 h keep every sign-in on one date.
      fc.property(fc.integer({ min: 2, max: 8 }), fc.array(fc.integer({ min: 0, max: 11 * 60 }), { minLength: 8, maxLength: 8 }), (devices, offsets) => {
        const t = { 'signin-devices': { devices } };
        const signIns = offsets.slice(0, devices).map((offset, i) => ev('signin', T0 + offset * MIN, 0, { device: `device-${i}` }));
        // The same device signing in again adds no device.
        const repeat = ev('signin', T0 + 11 * HOUR + 30 * MIN, 0, { device: 'device-1' });
        expect(run([...signIns, repeat], t, only('signin-devices')).alerts).toHaveLength(1);
        expect(run([...signIns.slice(1), repeat], t, only('signin-devices')).alerts).toHaveLength(0);
        const spread = offsets.slice(0, devices).map((_, i) => ev('signin', T0 + i * 25 * HOUR, 0, { device: `device-${i}` }));
        expect(run(spread, t, only('signin-devices')).alerts).toHaveLength(0);
      }),
      params,
    );
  });
});

describe('the rules the service runs on every round', () => {
  it('large stakes and wins answer the same with the event alone as with any history', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 24 * 60 }),
            amount: fc.integer({ min: 1, max: 2_000_000 }),
            wins: fc.integer({ min: 0, max: 3_000_000 }),
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        (items) => {
          const stream = items
            .map((item, i) => ev('play', T0 + item.offset * MIN, item.amount, { wins: item.wins }, `p${i}`))
            .sort((a, b) => a.at.getTime() - b.at.getTime());
          stream.forEach((event, i) => {
            const alone = evaluateRules({ playerId: 7, event, history: [event] }, {}, PLAY_RULES_WITHOUT_HISTORY);
            const withHistory = evaluateRules({ playerId: 7, event, history: stream.slice(0, i + 1) }, {}, PLAY_RULES_WITHOUT_HISTORY);
            expect(alone).toEqual(withHistory);
          });
        },
      ),
      params,
    );
    expect(PLAY_RULES_WITHOUT_HISTORY.map((rule) => rule.name).sort()).toEqual(['large-stake', 'large-win']);
  });
});

describe('the engine over random streams', () => {
  const kinds: EventKind[] = ['deposit', 'withdrawal_request', 'withdrawal_released', 'play', 'bonus_claim', 'limit_increase', 'signin', 'registration'];
  const streams = fc.array(
    fc.record({
      kind: fc.constantFrom(...kinds),
      offset: fc.integer({ min: 0, max: 14 * 24 * 60 }),
      amount: fc.integer({ min: 1, max: 200_000 }),
      staked: fc.integer({ min: 0, max: 200_000 }),
      wins: fc.integer({ min: 0, max: 2_000_000 }),
    }),
    { maxLength: 80 },
  );

  it('keeps one alert per dedupe key, each naming a known rule of the right kind, and re-running raises nothing new', () => {
    fc.assert(
      fc.property(streams, (items) => {
        const stream = items.map((item, i) =>
          ev(
            item.kind,
            T0 + item.offset * MIN,
            item.amount,
            { staked_since_deposit: item.staked, wins: item.wins, offer: 'o', destination: `d${i % 3}`, device: `v${i % 4}` },
            `r${i}`,
          ),
        );
        const first = run(stream);
        const keys = first.alerts.map((a) => a.dedupeKey);
        expect(new Set(keys).size).toBe(keys.length);
        for (const alert of first.alerts) expect(alert.kind).toBe(ruleNamed(alert.rule)!.kind);
        const again = run(stream);
        expect(again.alerts.map((a) => a.dedupeKey)).toEqual(keys);
      }),
      params,
    );
  });

  it('the history the service reads for an event (its kinds, its window) gives the same hits as the whole stream', () => {
    fc.assert(
      fc.property(streams, (items) => {
        const stream = items
          .map((item, i) =>
            ev(
              item.kind,
              T0 + item.offset * MIN,
              item.amount,
              { staked_since_deposit: item.staked, wins: item.wins, offer: 'o', destination: `d${i % 3}`, device: `v${i % 4}` },
              `r${i}`,
            ),
          )
          .sort((a, b) => a.at.getTime() - b.at.getTime());
        stream.forEach((event, i) => {
          const whole = stream.slice(0, i + 1);
          const needed = historyNeeded(event.kind);
          const read = needed ? whole.filter((e) => needed.kinds.includes(e.kind) && e.at.getTime() >= event.at.getTime() - needed.ms) : [];
          const hits = needed ? evaluateRules({ playerId: 7, event, history: read }) : [];
          expect(hits).toEqual(evaluateRules({ playerId: 7, event, history: whole }));
        });
      }),
      { ...params, numRuns: 80 },
    );
  });

  it('reads back no further than the longest window the thresholds need', () => {
    expect(lookBackMs()).toBe(30 * 24 * HOUR);
    expect(lookBackMs({ 'rising-deposits': { days: 60 } })).toBe(120 * 24 * HOUR);
  });
});
