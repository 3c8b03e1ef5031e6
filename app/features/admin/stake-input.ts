// Stake limits are typed in the currency's major unit ("2.50") and sent in minor units (250).

/** `"2.50"` → 250; null when it is not an amount with at most two decimals. */
export function minorUnits(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 250 → `"2.50"`: the value an input starts with. */
export const majorUnits = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
