import { useMemo } from 'react';
import { COUNTRIES, type Country } from '../../contract/countries.ts';
import { type JurisdictionId, profileFor } from '../../contract/jurisdictions.ts';
import { useSiteState } from './use-site-state.ts';

const EVERYWHERE: readonly JurisdictionId[] = ['default'];

/**
 * The countries the site serves with the licences it holds (docs/decisions/0120), as registration and the profile
 * offer them; `keep` stays in the list even when not served (a player's own country after the licences changed).
 */
export function useServedCountries(keep?: string): Country[] {
  const held = useSiteState()?.settings.jurisdictions ?? EVERYWHERE;
  return useMemo(() => COUNTRIES.filter((country) => country.code === keep || profileFor(country.code, held) !== null), [held, keep]);
}
