import type { AmountLimits } from '../../../contract/wallet.ts';
import { formatMoney } from '../../../contract/money.ts';

// The cashier's amount field holds major units as typed ("50", "50.00", "1,250.5", "50,00"); the API takes
// integer minor units. Conversion works on the digits, never through floating point, so 0.29 is 29 cents.

const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{0,2})?$/;
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;
const PLAIN = /^(\d*)(?:\.(\d{0,2}))?$/;
// Far above any limit, and small enough that the result stays an exact integer.
const MAX_WHOLE_DIGITS = 12;

/** Minor units of a typed amount, or null when the text is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const compact = text.trim().replace(/\s+/g, '');
  const normalized = THOUSANDS.test(compact) ? compact.replaceAll(',', '') : DECIMAL_COMMA.test(compact) ? compact.replace(',', '.') : compact;
  const match = PLAIN.exec(normalized);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** What is wrong with an amount for these limits (and, for a withdrawal, this much available), in the server's words; null when nothing. */
export function amountProblem(minor: number | null, limits: AmountLimits, currency: string, available?: number): string | null {
  const money = (value: number) => formatMoney(value, currency);
  if (minor === null || minor <= 0) return 'Enter an amount, for example 50.00.';
  if (minor < limits.min) return `The amount must be at least ${money(limits.min)}.`;
  if (minor > limits.max) return `The amount may not be greater than ${money(limits.max)}.`;
  if (available !== undefined && minor > available) return `The amount may not be greater than your withdrawable balance of ${money(available)}.`;
  return null;
}
