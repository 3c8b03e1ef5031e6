// Stake limits are typed in the currency's major unit ("2.50") and sent in minor units (250).

/**
 * An amount typed in the currency's major unit, in minor units: `"2.50"` → 250. A comma before one or two final
 * digits is a decimal comma (`"10,50"` → 1050, as many staff type it); commas between groups of three are
 * thousands (`"1,000.50"` → 100050). `signed` lets a leading minus through (adjustments). Null for anything else.
 */
export function minorUnits(text: string, { signed = false }: { signed?: boolean } = {}): number | null {
  let amount = text.trim();
  if (/^-?\d+,\d{1,2}$/.test(amount)) amount = amount.replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(amount)) amount = amount.replaceAll(',', '');
  if (!(signed ? /^-?\d{1,9}(\.\d{1,2})?$/ : /^\d{1,9}(\.\d{1,2})?$/).test(amount)) return null;
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const units = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -units : units;
}

/** 250 → `"2.50"`: the value an input starts with. */
export const majorUnits = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
