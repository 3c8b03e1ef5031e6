// Jurisdiction profiles as the server applies them (docs/decisions/0120): the licences the operator holds
// (JURISDICTIONS) decide which countries are served and which profile's rules a player plays under. The rules
// themselves are code in contract/jurisdictions.ts; nothing here is stored or editable.

import { COUNTRIES } from '../../../contract/countries.ts';
import {
  allowedCountries,
  claimedBy,
  JURISDICTION_IDS,
  JURISDICTION_PROFILES,
  type JurisdictionId,
  type JurisdictionProfile,
  profileFor,
} from '../../../contract/jurisdictions.ts';
import type { JurisdictionsView } from '../../../contract/jurisdictions-admin.ts';

export type Jurisdictions = ReturnType<typeof createJurisdictions>;

export function createJurisdictions({ held }: { held: readonly JurisdictionId[] }) {
  const served = new Set(allowedCountries(COUNTRIES, held).map((country) => country.code));

  /**
   * The rules a player residing in `country` plays under. A player whose country the site no longer serves (the
   * licences changed after they registered) keeps the rules of the licence that names their country, else the
   * default's: never looser than where they live.
   */
  function rulesFor(country: string | null): JurisdictionProfile {
    if (!country) return JURISDICTION_PROFILES.default;
    return profileFor(country, held) ?? claimedBy(country) ?? JURISDICTION_PROFILES.default;
  }

  return {
    held,
    rulesFor,
    /** Whether registration accepts a resident of `country`. */
    serves: (country: string) => served.has(country.toUpperCase()),
    /** The country codes registration offers, in the fixed list's order. */
    servedCountries: (): string[] => COUNTRIES.filter((country) => served.has(country.code)).map((country) => country.code),
    /** The back office's read-only view: every profile, whether it is held, and the countries it serves here. */
    view(currency: string): JurisdictionsView {
      return {
        held: [...held],
        currency,
        profiles: JURISDICTION_IDS.map((id) => {
          const p = JURISDICTION_PROFILES[id];
          return {
            id,
            name: p.name,
            regulator: p.regulator,
            held: held.includes(id),
            countries: p.countries === 'rest' ? 'rest' : [...p.countries],
            served_countries: COUNTRIES.filter((country) => profileFor(country.code, held)?.id === id).map((country) => country.code),
            slot_stake_cap: p.slotStakeCap ? { amount: p.slotStakeCap.amount, under_25: p.slotStakeCap.under25, stated_in: p.slotStakeCap.statedIn } : null,
            min_spin_ms: p.minSpinMs,
            autoplay: p.autoplay,
            turbo: p.turbo,
            slam_stop: p.slamStop,
            bonus_max_wagering: p.bonusMaxWagering,
            single_product_bonuses: p.singleProductBonuses,
            deposit_limit_prompt: p.depositLimitPrompt ? { remind_every_months: p.depositLimitPrompt.remindEveryMonths } : null,
            deposit_limit_counts: p.depositLimitCounts,
            reality_check_default_minutes: p.realityCheckDefaultMinutes,
            self_exclusion_months: [...p.selfExclusionMonths],
            rg_info_before_first_stake: p.rgInfoBeforeFirstStake,
            sources: [...p.sources],
          };
        }),
      };
    },
  };
}
