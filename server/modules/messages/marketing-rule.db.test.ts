// The marketing rule as a property (docs/decisions/0056): for random players in random states and a random segment,
// a segment message reaches every eligible player of the segment and no player excluded by rule, and the preview
// and the answer count the same. Players are written straight to the tables, so every combination of states occurs.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIP_TIER_SLUGS } from '../../../contract/operators.rules.ts';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { insertTestPlayer } from '../accounts/testing.ts';
import { monthOf } from '../clubs/calendar.ts';
import { vipTiers } from '../clubs/schema.ts';
import { limitSettings } from '../limits/schema.ts';
import { RETURN_WAIT_MS } from '../limits/rules.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';

const t = useTestApp(OPERATOR_ENV);
const staff = staffKit(t, '10.75');
const HOUR = 3_600_000;

const playerState = fc.record({
  selfExclusion: fc.constantFrom('none', 'active', 'ended', 'returned'),
  timeOut: fc.constantFrom('none', 'active', 'expired'),
  blocked: fc.boolean(),
  consent: fc.boolean(),
  tier: fc.constantFrom(...VIP_TIER_SLUGS),
  /** One of the run's two countries. */
  country: fc.constantFrom(0, 1),
});
type PlayerState = typeof playerState extends fc.Arbitrary<infer T> ? T : never;
const segmentOf = fc.oneof(
  fc.constant({ segment: 'all' as const }),
  fc.record({ segment: fc.constant('country' as const), country: fc.constantFrom(0, 1) }),
  fc.record({ segment: fc.constant('vip_tier' as const), tier: fc.constantFrom(...VIP_TIER_SLUGS) }),
);

/** The rule, said once more independently of the code: who marketing may reach. */
const eligible = (state: PlayerState) =>
  state.selfExclusion !== 'active' && state.selfExclusion !== 'ended' && state.timeOut !== 'active' && !state.blocked && state.consent;

let runs = 0;
/** Two country codes of the run's own, so a country segment holds only this run's players. */
const countriesOfRun = () => {
  const n = runs++;
  return [0, 1].map((i) => String.fromCharCode(65 + ((2 * n + i) % 26)) + String.fromCharCode(75 + Math.floor((2 * n + i) / 26)));
};

async function insertPlayer(state: PlayerState, country: string, now: number): Promise<number> {
  const { db } = t.services.database;
  const id = await insertTestPlayer(db);
  await db.update(players).set({ country, blocked: state.blocked, newsletter: state.consent, active: true }).where(eq(players.id, id));
  const selfExcludedUntil = { none: null, active: now + 30 * 24 * HOUR, ended: now - HOUR, returned: now - 3 * 24 * HOUR }[state.selfExclusion];
  const timeoutUntil = { none: null, active: now + HOUR, expired: now - HOUR }[state.timeOut];
  if (selfExcludedUntil !== null || timeoutUntil !== null) {
    await db.insert(limitSettings).values({
      playerId: id,
      selfExcludedUntil: selfExcludedUntil === null ? null : new Date(selfExcludedUntil),
      timeoutUntil: timeoutUntil === null ? null : new Date(timeoutUntil),
      // Asked to return once the exclusion ended, and the 24 hours have passed.
      returnRequestedAt: state.selfExclusion === 'returned' ? new Date(now - 2 * RETURN_WAIT_MS) : null,
    });
  }
  if (state.tier !== 'bronze') await db.insert(vipTiers).values({ playerId: id, month: monthOf(new Date(now)), tier: state.tier, previousTier: 'bronze' });
  return id;
}

describe('the marketing rule', () => {
  it('a segment message reaches every eligible player of the segment and no player excluded by rule', async () => {
    const admin = await staff.adminToken();
    await fc.assert(
      fc.asyncProperty(fc.array(playerState, { minLength: 1, maxLength: 6 }), segmentOf, async (states, segment) => {
        const countries = countriesOfRun();
        const now = Date.now();
        const ids = [];
        for (const state of states) ids.push(await insertPlayer(state, countries[state.country]!, now));
        const query = {
          segment: segment.segment,
          ...('country' in segment ? { country: countries[segment.country]! } : {}),
          ...('tier' in segment ? { tier: segment.tier } : {}),
        };
        const subject = `Come back and play #${runs}`;
        const sent = await staff.call('POST', '/api/admin/messages/segment', {
          token: admin,
          payload: { ...query, subject, body: 'A bonus awaits.', reason: 'Win-back campaign' },
        });
        expect(sent.statusCode, sent.body).toBe(201);

        const inSegment = (state: PlayerState) =>
          'country' in segment ? state.country === segment.country : 'tier' in segment ? state.tier === segment.tier : true;
        for (const [i, state] of states.entries()) {
          const received = (await t.services.messages.inbox(ids[i]!)).data.some((message) => message.subject === subject);
          expect(received, JSON.stringify({ state, segment })).toBe(inSegment(state) && eligible(state));
        }
        // Within a country segment the run's players are all there is: the counts are exactly theirs.
        if ('country' in segment) {
          const mine = states.filter(inSegment);
          expect(sent.json().data).toEqual({ sent: mine.filter(eligible).length, excluded: mine.filter((state) => !eligible(state)).length });
        }
        // The preview (asked after: a send changes no one's standing) counts as the send did.
        const preview = await staff.call('GET', `/api/admin/messages/segment/preview?${new URLSearchParams(query)}`, { token: admin });
        expect(preview.statusCode, preview.body).toBe(200);
        expect(preview.json().data).toEqual({ recipients: sent.json().data.sent, excluded: sent.json().data.excluded });
      }),
      { numRuns: 100 },
    );
  }, 180_000);
});
