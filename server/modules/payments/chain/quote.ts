// Quote arithmetic for on-chain deposits (docs/decisions/0109-crypto-rail.md): a token amount in its smallest units
// times a rate (currency units per whole token, a decimal of at most 18 places) in the wallet currency's minor units
// (cents), worked out exactly on bigints and rounded down: the player is credited what the coins are worth at the
// rate, never a fraction of a cent more.

export const RATE_PLACES = 18;
const RATE_SCALE = 10n ** BigInt(RATE_PLACES);
/** Minor units per currency unit: every currency the site handles has cents (contract/money.ts). */
const MINOR_PER_UNIT = 100n;
const RATE_PATTERN = /^(\d{1,12})(?:\.(\d{1,18}))?$/;

/** The rate as an integer of 10^-18 currency units per whole token, or null when it is not a positive decimal. */
export function parseRate(text: string): bigint | null {
  const match = RATE_PATTERN.exec(text);
  if (!match) return null;
  const units = BigInt(match[1]!) * RATE_SCALE + BigInt((match[2] ?? '').padEnd(RATE_PLACES, '0'));
  return units > 0n ? units : null;
}

/** The rate in its plain form: no trailing zeros, "1.5", "2000", "0.000001". */
export function formatRate(units: bigint): string {
  const whole = units / RATE_SCALE;
  const fraction = (units % RATE_SCALE).toString().padStart(RATE_PLACES, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** floor(raw / 10^decimals × rate × 100): the minor units `raw` smallest units of the token are worth. */
export function quoteMinorUnits(raw: bigint, decimals: number, rateUnits: bigint): bigint {
  if (raw < 0n || rateUnits <= 0n || !Number.isInteger(decimals) || decimals < 0)
    throw new RangeError('A quote needs a non-negative amount, decimals and a positive rate');
  return (raw * rateUnits * MINOR_PER_UNIT) / (10n ** BigInt(decimals) * RATE_SCALE);
}

/** A token amount in whole tokens, exactly: 25_500_000 with 6 decimals → "25.5". */
export function formatTokenAmount(raw: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = (raw % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${raw / scale}.${fraction}` : `${raw / scale}`;
}

/**
 * A withdrawal's token amount: floor(minor ÷ 100 ÷ rate × 10^decimals) smallest units for `minor` cents at the rate,
 * exactly on bigints and rounded down, so the coins sent are never worth more than the money taken from the balance.
 */
export function tokenUnitsFor(minor: bigint, decimals: number, rateUnits: bigint): bigint {
  if (minor < 0n || rateUnits <= 0n || !Number.isInteger(decimals) || decimals < 0)
    throw new RangeError('A withdrawal quote needs a non-negative amount, decimals and a positive rate');
  return (minor * 10n ** BigInt(decimals) * RATE_SCALE) / (rateUnits * MINOR_PER_UNIT);
}
