import { DEMO_CURRENCY } from '../../../../contract/games.rules.ts';
import { formatMoney } from '../../../../contract/money.ts';
import { shownCrashPoint } from '../../../../games/crash/crash.ts';

/** An amount in play, always with cents; fun credits read "12.50 FUN" so nobody takes them for money. */
export function formatStake(minor: number, currency: string): string {
  if (currency === DEMO_CURRENCY) return `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} FUN`;
  return formatMoney(minor, currency, { cents: true });
}

/** A chip's face: whole units where they are whole ("25"), else the decimal (".5"). */
export function chipFace(minor: number): string {
  if (minor % 100 === 0) return minor >= 100_000 ? `${minor / 100_000}k` : String(minor / 100);
  return (minor / 100).toFixed(minor % 10 === 0 ? 1 : 2).replace(/^0/, '');
}

/** A crash multiplier in hundredths as shown: "2.35×", and a crash at once (below 100) as "1.00×". */
export const formatCrashMultiplier = (hundredths: number): string => `${shownCrashPoint(hundredths).toFixed(2)}×`;
