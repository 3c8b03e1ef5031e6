// Money as the player reads it, on the site and in the API's and mails' texts alike. SPEC.md fixes the one locale,
// en-US. Every amount is an integer number of minor units (cents) of `currency`. Imports nothing of ours.

const LOCALE = 'en-US';

/**
 * Minor units as a currency amount: 250050 EUR → "€2,500.50", -500 → "-€5.00"; `{ cents: false }` rounds to whole
 * units ("€2,501") where cents would only be noise (limits and tiers shown as round sums).
 */
export function formatMoney(minor: number, currency: string, { cents = true }: { cents?: boolean } = {}): string {
  const digits = cents ? 2 : 0;
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 100);
}

/** The currency's symbol as the formatter writes it, "€" for EUR, "$" for USD; the code itself when it has none. */
export function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * Minor units as a plain decimal in major units, "1234.56", "-0.05": no symbol and no grouping, for an input field or
 * a CSV cell. Worked out on the integer, never through floating point, so it is exact for any safe integer.
 */
export function decimalAmount(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
