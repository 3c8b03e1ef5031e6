import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.ts';
import { allowedCountries, claimedBy, JURISDICTION_IDS, JURISDICTION_PROFILES, type JurisdictionId, profileFor } from './jurisdictions.ts';

// Which profile a player plays under, from their country and the licences held (docs/decisions/0120).

const SEED = { seed: 34_05 };
const country = fc.constantFrom(...COUNTRIES.map((c) => c.code));
const held = fc.subarray([...JURISDICTION_IDS], { minLength: 0 });

describe('profileFor', () => {
  it('a country named by a held licence plays under it; otherwise under the default when held; else it is not served', () => {
    fc.assert(
      fc.property(country, held, (code, licences) => {
        const profile = profileFor(code, licences);
        const named = claimedBy(code);
        if (named && licences.includes(named.id)) expect(profile?.id).toBe(named.id);
        else if (licences.includes('default')) expect(profile?.id).toBe('default');
        else expect(profile).toBeNull();
      }),
      SEED,
    );
  });

  it('never serves a country under a licence the site does not hold', () => {
    fc.assert(
      fc.property(country, held, (code, licences) => {
        const profile = profileFor(code, licences);
        if (profile) expect(licences).toContain(profile.id);
      }),
      SEED,
    );
  });

  it('holding more licences never stops serving a country', () => {
    fc.assert(
      fc.property(country, held, held, (code, some, more) => {
        const union = [...new Set([...some, ...more])] as JurisdictionId[];
        if (profileFor(code, some)) expect(profileFor(code, union)).not.toBeNull();
      }),
      SEED,
    );
  });

  it('is case-blind and names each country under at most one licence', () => {
    fc.assert(
      fc.property(country, held, (code, licences) => {
        expect(profileFor(code.toLowerCase(), licences)?.id).toBe(profileFor(code, licences)?.id);
        const naming = JURISDICTION_IDS.filter((id) => {
          const list = JURISDICTION_PROFILES[id].countries;
          return list !== 'rest' && list.includes(code);
        });
        expect(naming.length).toBeLessThanOrEqual(1);
      }),
      SEED,
    );
  });

  it('the examples: the UK, Malta and Canada', () => {
    const all: JurisdictionId[] = ['UKGC', 'MGA', 'default'];
    expect(profileFor('GB', all)?.id).toBe('UKGC');
    expect(profileFor('MT', all)?.id).toBe('MGA');
    expect(profileFor('DE', all)?.id).toBe('MGA');
    expect(profileFor('CA', all)?.id).toBe('default');
    expect(profileFor('GB', ['MGA'])).toBeNull();
    expect(profileFor('CA', ['UKGC', 'MGA'])).toBeNull();
  });
});

describe('allowedCountries', () => {
  it('all 250 with the default held; only the named ones without it', () => {
    expect(allowedCountries(COUNTRIES, ['default'])).toHaveLength(COUNTRIES.length);
    expect(allowedCountries(COUNTRIES, ['UKGC']).map((c) => c.code)).toEqual(['GB']);
    expect(allowedCountries(COUNTRIES, ['UKGC', 'MGA'])).toHaveLength(31);
    expect(allowedCountries(COUNTRIES, [])).toEqual([]);
  });
});

describe('the profiles', () => {
  it('state the UK rules in force in 2026', () => {
    const uk = JURISDICTION_PROFILES.UKGC;
    expect(uk.slotStakeCap).toEqual({ amount: 500, under25: 200, statedIn: 'GBP' });
    expect(uk.minSpinMs).toBe(2_500);
    expect([uk.autoplay, uk.turbo, uk.slamStop]).toEqual([false, false, false]);
    expect(uk.bonusMaxWagering).toBe(10);
    expect(uk.singleProductBonuses).toBe(true);
    expect(uk.depositLimitPrompt).toEqual({ remindEveryMonths: 6 });
    expect(uk.depositLimitCounts).toBe('gross');
    expect(Math.min(...uk.selfExclusionMonths)).toBe(6);
  });

  it('MGA asks for the responsible-gambling acknowledgement; the default asks for nothing of the kind', () => {
    expect(JURISDICTION_PROFILES.MGA.rgInfoBeforeFirstStake).toBe(true);
    const d = JURISDICTION_PROFILES.default;
    expect([d.slotStakeCap, d.minSpinMs, d.depositLimitPrompt, d.rgInfoBeforeFirstStake]).toEqual([null, null, null, false]);
  });
});
