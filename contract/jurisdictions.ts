// Jurisdiction profiles (issue 34 §5, docs/decisions/0120): the rules of each licence the operator may hold, as code
// with tests, and which one applies to a player (by country of residence). Plain values, no zod: the site's bundles
// import this file (registration's country list, the slot's autoplay rule, the back office's read-only view); the
// API's schema is in jurisdictions-admin.ts. Imports nothing of ours.

export const JURISDICTION_IDS = ['UKGC', 'MGA', 'default'] as const;
export type JurisdictionId = (typeof JURISDICTION_IDS)[number];

export type JurisdictionProfile = {
  id: JurisdictionId;
  name: string;
  regulator: string;
  /** The countries of residence this profile serves (ISO 3166-1 alpha-2); `rest`: every country no held profile claims. */
  countries: readonly string[] | 'rest';
  /**
   * The most one slot spin may stake, in minor units of the wallet's currency, for players aged 25 and over and for
   * those aged 18 to 24 (or of unknown age). Null: no statutory cap (the operator's MAX_SLOT_STAKE may still set one).
   */
  slotStakeCap: { amount: number; under25: number; statedIn: string } | null;
  /** The least time between the starts of two slot spins of one player, in milliseconds; null: none. */
  minSpinMs: number | null;
  /** Whether the slot may offer autoplay, turbo (quick spin) and slam stop. */
  autoplay: boolean;
  turbo: boolean;
  slamStop: boolean;
  /** The most wagering a bonus may ask for, as a multiple of the bonus; null: the site's BONUS_MAX_WAGERING. */
  bonusMaxWagering: number | null;
  /** Whether a bonus's wagering must come from one product (no offer mixing casino, sports, bingo …). */
  singleProductBonuses: boolean;
  /** Asked before the first deposit: set a deposit limit or decline; asked again this many months after the answer. */
  depositLimitPrompt: { remindEveryMonths: number } | null;
  /** What a deposit limit counts: every deposit, withdrawals never netted off (gross). */
  depositLimitCounts: 'gross';
  /** The reality check a new player starts with, in minutes; null: none until the player chooses one. */
  realityCheckDefaultMinutes: number | null;
  /** The self-exclusion periods the player may choose, in months; the first is the shortest the regulator allows. */
  selfExclusionMonths: readonly number[];
  /** Whether the player acknowledges responsible-gambling information once before the first real-money stake. */
  rgInfoBeforeFirstStake: boolean;
  /** Where each rule comes from, for the back office. */
  sources: readonly string[];
};

/** The EU and EEA member states: the markets an MGA B2C licence is used for here (decision 0120). */
const EEA = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
] as const;

export const JURISDICTION_PROFILES: Record<JurisdictionId, JurisdictionProfile> = {
  UKGC: {
    id: 'UKGC',
    name: 'United Kingdom',
    regulator: 'UK Gambling Commission',
    countries: ['GB'],
    slotStakeCap: { amount: 500, under25: 200, statedIn: 'GBP' },
    minSpinMs: 2_500,
    autoplay: false,
    turbo: false,
    slamStop: false,
    bonusMaxWagering: 10,
    singleProductBonuses: true,
    depositLimitPrompt: { remindEveryMonths: 6 },
    depositLimitCounts: 'gross',
    realityCheckDefaultMinutes: null,
    selfExclusionMonths: [6, 12, 24, 60],
    rgInfoBeforeFirstStake: false,
    sources: [
      'Online slot stake limits: £5 a spin, £2 for ages 18 to 24 (from 9 April and 21 May 2025)',
      'RTS 14: 2.5 seconds a spin, no autoplay, turbo or slam stop (from 2021)',
      'LCCP SR 5.1.1: bonus wagering at most 10 times, no mixed-product offers (from 19 January 2026)',
      'LCCP SR 3.4: deposit limit prompt before the first deposit, reminder every 6 months (from 31 October 2025)',
      'LCCP SR 3.4: a deposit limit counts gross deposits (from 30 June 2026)',
      'LCCP SR 3.5.3: self-exclusion of at least 6 months',
    ],
  },
  MGA: {
    id: 'MGA',
    name: 'Malta and the EEA',
    regulator: 'Malta Gaming Authority',
    countries: EEA,
    slotStakeCap: null,
    minSpinMs: null,
    autoplay: true,
    turbo: true,
    slamStop: true,
    bonusMaxWagering: null,
    singleProductBonuses: false,
    depositLimitPrompt: null,
    depositLimitCounts: 'gross',
    realityCheckDefaultMinutes: 60,
    selfExclusionMonths: [6, 12, 24, 60],
    rgInfoBeforeFirstStake: true,
    sources: [
      'Player Protection Directive (Directive 2 of 2018): responsible-gambling information before play',
      'Player Protection Directive: reality checks offered, self-exclusion of at least 6 months',
    ],
  },
  default: {
    id: 'default',
    name: 'Every other country',
    regulator: 'None (the site’s own rules)',
    countries: 'rest',
    slotStakeCap: null,
    minSpinMs: null,
    autoplay: true,
    turbo: true,
    slamStop: true,
    bonusMaxWagering: null,
    singleProductBonuses: false,
    depositLimitPrompt: null,
    depositLimitCounts: 'gross',
    realityCheckDefaultMinutes: null,
    selfExclusionMonths: [6, 12, 24, 60],
    rgInfoBeforeFirstStake: false,
    sources: ['The site’s own responsible-gambling rules (docs/decisions/0055)'],
  },
};

/** The licence profile that claims `country` by name, whether or not the site holds it. */
export function claimedBy(country: string): JurisdictionProfile | null {
  const code = country.toUpperCase();
  for (const id of JURISDICTION_IDS) {
    const profile = JURISDICTION_PROFILES[id];
    if (profile.countries !== 'rest' && profile.countries.includes(code)) return profile;
  }
  return null;
}

/**
 * The profile a resident of `country` plays under when the site holds the licences `held`: the held profile that
 * names the country, else `default` when held, else none (the country is not served).
 */
export function profileFor(country: string, held: readonly JurisdictionId[]): JurisdictionProfile | null {
  const claimed = claimedBy(country);
  if (claimed && held.includes(claimed.id)) return claimed;
  return held.includes('default') ? JURISDICTION_PROFILES.default : null;
}

/** The countries registration offers and accepts when the site holds the licences `held`. */
export function allowedCountries<C extends { code: string }>(countries: readonly C[], held: readonly JurisdictionId[]): C[] {
  return countries.filter((country) => profileFor(country.code, held) !== null);
}
