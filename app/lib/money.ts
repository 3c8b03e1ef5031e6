/** Minor units to a display amount, e.g. 250000 EUR → "€2,500". */
export function formatMoney(minor: number, currency: string, { cents = false }: { cents?: boolean } = {}): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(minor / 100);
}
