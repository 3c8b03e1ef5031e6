// Tracking and attribution rules (docs/decisions/0107-affiliates.md) over random sequences of clicks and registrations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_WINDOW_MS, clickCounts, decideAttribution, maTokenOf, parseMaToken, REPEAT_CLICK_WINDOW_MS } from './attribution.ts';

const token = fc.stringMatching(/^[A-Za-z0-9]{8,40}$/);
const start = new Date('2026-11-01T00:00:00Z').getTime();
const links = [
  { id: 1, affiliateId: 10, sub: null },
  { id: 2, affiliateId: 20, sub: 'blog' },
  { id: 3, affiliateId: 10, sub: 'mail' },
];
const affiliateOf = (id: number) => ({ email: `partner${id}@example.com`, status: 'approved' });

describe('attribution', () => {
  it('goes to the last click the visitor kept, within 7 days, once, and never to the affiliate’s own e-mail', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            link: fc.integer({ min: 0, max: 2 }),
            at: fc.integer({ min: 0, max: 30 * 86_400_000 }),
            sub: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
          }),
          {
            maxLength: 10,
          },
        ),
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        fc.boolean(),
        fc.boolean(),
        (clicks, registeredAfter, selfReferral, alreadyAttributed) => {
          const registeredAt = new Date(start + registeredAfter);
          // The browser keeps the last click before registering (each visit rewrites ma_token).
          const kept = clicks
            .filter((click) => click.at <= registeredAfter)
            .sort((a, b) => a.at - b.at)
            .pop();
          const link = kept ? links[kept.link]! : null;
          const decision = decideAttribution({
            player: { email: selfReferral && link ? ` PARTNER${link.affiliateId}@Example.com ` : 'player@example.com', registeredAt, alreadyAttributed },
            link,
            affiliate: link ? affiliateOf(link.affiliateId) : null,
            click: kept ? { id: 100 + kept.link, sub: kept.sub, at: new Date(start + kept.at) } : null,
          });
          const expected = !!kept && !alreadyAttributed && !selfReferral && registeredAfter - kept.at <= ATTRIBUTION_WINDOW_MS;
          expect(decision.attributed).toBe(expected);
          if (decision.attributed) {
            expect(decision.affiliateId).toBe(link!.affiliateId);
            expect(decision.linkId).toBe(link!.id);
            expect(decision.sub).toBe(kept!.sub ?? link!.sub);
          }
        },
      ),
    );
  });

  it('needs an approved affiliate and a known link', () => {
    const player = { email: 'p@example.com', registeredAt: new Date(start), alreadyAttributed: false };
    expect(decideAttribution({ player, link: null, affiliate: null, click: null })).toEqual({ attributed: false, reason: 'no_link' });
    for (const status of ['pending', 'suspended'])
      expect(decideAttribution({ player, link: links[0]!, affiliate: { email: 'a@example.com', status }, click: null })).toEqual({
        attributed: false,
        reason: 'affiliate_not_approved',
      });
    expect(decideAttribution({ player, link: links[1]!, affiliate: affiliateOf(20), click: null })).toMatchObject({
      attributed: true,
      clickId: null,
      sub: 'blog',
    });
  });
});

describe('ma_token', () => {
  it('carries the link token and the click id and reads back', () => {
    fc.assert(
      fc.property(token, fc.option(token, { nil: null }), (link, click) => {
        expect(parseMaToken(maTokenOf(link, click))).toEqual({ token: link, clickId: click });
      }),
    );
  });

  it('reads anything else as nothing, or as the token alone when only the click part is bad', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const parsed = parseMaToken(value);
        if (parsed) expect(value.startsWith(parsed.token)).toBe(true);
      }),
    );
    expect(parseMaToken('short')).toBeNull();
    expect(parseMaToken('abcdefgh~x~y')).toBeNull();
    expect(parseMaToken('abcdefgh~bad!')).toEqual({ token: 'abcdefgh', clickId: null });
    expect(parseMaToken(null)).toBeNull();
  });
});

describe('click counting', () => {
  it('counts a visitor’s clicks on a link at most once per window, and never a bot’s', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 * 3_600_000 }), { minLength: 1, maxLength: 30 }), fc.boolean(), (offsets, bot) => {
        const times = [...offsets].sort((a, b) => a - b);
        let last: Date | null = null;
        const counted: number[] = [];
        for (const offset of times) {
          const at = new Date(start + offset);
          if (clickCounts({ bot, lastCountedAt: last, at })) {
            counted.push(offset);
            last = at;
          }
        }
        if (bot) expect(counted).toEqual([]);
        else {
          expect(counted[0]).toBe(times[0]);
          for (let i = 1; i < counted.length; i++) expect(counted[i]! - counted[i - 1]!).toBeGreaterThanOrEqual(REPEAT_CLICK_WINDOW_MS);
          // Every click not counted fell within the window of the counted one before it.
          for (const offset of times) expect(counted.some((c) => offset >= c && offset - c < REPEAT_CLICK_WINDOW_MS)).toBe(true);
        }
      }),
    );
  });
});
