import { Link } from 'react-router';
import { formatMoney } from '../../../contract/money.ts';
import type { ChosenBonus } from './chosen-bonus.ts';

/** What this deposit would give under the offer's terms (the server's rule: match percent, capped, from the minimum). */
function preview(bonus: ChosenBonus, amount: number | null, currency: string): string | null {
  const offer = bonus.offer;
  if (!offer || (offer.type !== 'deposit_match' && offer.type !== 'reload')) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  const { terms } = offer;
  if (amount === null || amount <= 0) return `Deposit at least ${money(terms.min_deposit)} to get ${terms.match_percent}% up to ${money(terms.max_bonus)}.`;
  if (amount < terms.min_deposit) return `This bonus needs a deposit of at least ${money(terms.min_deposit)}.`;
  const extra = Math.min(Math.floor((amount * terms.match_percent) / 100), terms.max_bonus);
  const wagering = extra * terms.wagering_multiplier;
  return `${money(amount)} gives you ${money(extra)} bonus${wagering > 0 ? `, to wager ${money(wagering)} within ${terms.expires_in_days} days` : ''}.`;
}

/** The bonus this deposit claims, what the amount would give and its terms, with a way to deposit without it. */
export function BonusCard({
  bonus,
  amount = null,
  currency = 'EUR',
  onRemove,
}: {
  bonus: ChosenBonus;
  amount?: number | null;
  currency?: string;
  /** Removes the bonus in the page (the deposit screen's offer choice); without it, a link drops the bonus query. */
  onRemove?: () => void;
}) {
  const gives = preview(bonus, amount, currency);
  return (
    <section
      aria-label="Your bonus"
      className="flex items-start gap-4 rounded-xl border border-gold-500/60 bg-[linear-gradient(135deg,rgb(247_193_75/0.16),rgb(247_193_75/0.03))] p-4"
    >
      <svg viewBox="0 0 32 32" className="hidden h-10 w-10 shrink-0 text-gold-400 sm:block" aria-hidden="true">
        <rect x="4" y="12" width="24" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M2 8h28v5H2zM16 8v20" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 8c-2-5-8-5-8-1.5S14 8 16 8zm0 0c2-5 8-5 8-1.5S18 8 16 8z" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-400">Your bonus</p>
        <p className="mt-0.5 font-display text-lg font-bold leading-snug text-mist-100">{bonus.title}</p>
        <p className="text-sm text-mist-300">{bonus.subtitle}</p>
        {gives ? (
          <p className="mt-2 text-sm font-semibold text-gold-300" data-testid="bonus-preview">
            {gives}
          </p>
        ) : null}
        {bonus.offer ? (
          <details className="mt-2 text-sm text-mist-300">
            <summary className="cursor-pointer underline underline-offset-2">Terms</summary>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {bonus.offer.terms_text.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label="Remove bonus"
          className="shrink-0 text-sm text-mist-400 underline underline-offset-2 hover:text-mist-100"
        >
          Remove
        </button>
      ) : (
        <Link to={{ search: '' }} aria-label="Remove bonus" className="shrink-0 text-sm text-mist-400 underline underline-offset-2 hover:text-mist-100">
          Remove
        </Link>
      )}
    </section>
  );
}
