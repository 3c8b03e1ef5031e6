import type { BonusOffer } from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';

/** The deposit offers the player may take with this deposit: deposit matches and reloads they are eligible for. */
export function depositOffers(offers: BonusOffer[]): BonusOffer[] {
  return offers.filter((offer) => (offer.type === 'deposit_match' || offer.type === 'reload') && offer.eligible !== false);
}

/** One line of an offer's terms: minimum deposit, match and its maximum, wagering, max bet (the numbers the engine uses). */
export function offerTermsLine(offer: BonusOffer, currency: string): string {
  const money = (minor: number) => formatMoney(minor, currency);
  const { terms } = offer;
  return [
    `Min. deposit ${money(terms.min_deposit)}`,
    `${terms.match_percent}% up to ${money(terms.max_bonus)}`,
    terms.wagering_multiplier > 0 ? `wagering ${terms.wagering_multiplier}x in ${terms.expires_in_days} days` : 'no wagering',
    ...(terms.max_bet !== null ? [`max bet ${money(terms.max_bet)}`] : []),
  ].join(' · ');
}

/**
 * The deposit screen's bonus choice (issue 34 §2, decision 0118): every eligible deposit offer with its terms, and
 * "No bonus". Nothing is chosen for the player: a bonus is taken only when they pick it (or came with one).
 */
export function DepositOffers({
  offers,
  chosen,
  onChoose,
  currency,
}: {
  offers: BonusOffer[];
  chosen: string | null;
  onChoose: (offer: BonusOffer | null) => void;
  currency: string;
}) {
  if (offers.length === 0) return null;
  const option = (key: string, checked: boolean, onChange: () => void, title: string, line: string) => (
    <label
      key={key}
      className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400 sm:px-4 ${
        checked ? 'border-gold-400 bg-gold-400/10' : 'border-night-600 bg-night-900 hover:border-mist-400'
      }`}
    >
      <input type="radio" name="bonus" value={key} checked={checked} onChange={onChange} className="mt-1 accent-gold-400" />
      <span className="min-w-0">
        <span className="block font-semibold text-mist-100">{title}</span>
        <span className="block text-xs text-mist-300">{line}</span>
      </span>
    </label>
  );
  return (
    <fieldset aria-label="Bonus offers" data-testid="deposit-offers">
      <legend className="mb-1.5 text-sm font-medium text-mist-100">Bonus with this deposit</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {offers.map((offer) => option(offer.slug, chosen === offer.slug, () => onChoose(offer), offer.title, offerTermsLine(offer, currency)))}
        {option('none', chosen === null, () => onChoose(null), 'No bonus', 'Deposit cash only: no wagering, withdraw any time.')}
      </div>
    </fieldset>
  );
}
