import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { BonusOffer } from '../../../contract/bonuses.ts';
import { Button } from '../../components/ui/button.tsx';
import { analytics } from '../../lib/analytics.ts';
import { claimBonus } from './bonus-api.ts';

const startsAtOnce = (offer: BonusOffer) => offer.type === 'no_deposit' || offer.type === 'free_spins';

/**
 * An offer as a card (SPEC.md §3 titles and banner): Claim or Deposit, and its terms one click away. The back
 * office's bonus editor previews an offer with this very card, its terms shown open (`termsOpen`).
 */
export function OfferCard({ offer, termsOpen = false, closed = false }: { offer: BonusOffer; termsOpen?: boolean; closed?: boolean }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blocked = offer.eligible === false;
  const { banner } = offer;

  async function claim() {
    setBusy(true);
    setProblem(null);
    const result = await claimBonus(offer.slug, crypto.randomUUID());
    setBusy(false);
    if (!result.ok) return setProblem(result.message);
    analytics().track({ event: 'bonus', slug: offer.slug });
    navigate(`/bonus-activated?id=${encodeURIComponent(result.body.data.id)}`);
  }

  return (
    <article aria-label={offer.title} data-bonus={offer.slug} className="flex flex-col overflow-hidden rounded-xl border border-night-700 bg-night-900">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 bg-[linear-gradient(135deg,rgb(247_193_75/0.22),rgb(247_193_75/0.04))] px-5 py-4">
        <span className="font-display text-2xl font-bold text-gold-300">{banner.title}</span>
        {banner.title2 ? (
          <>
            {banner.or ? <span className="text-xs uppercase tracking-widest text-mist-400">{banner.or}</span> : null}
            <span className={banner.or ? 'font-display text-2xl font-bold text-gold-300' : 'font-display text-lg font-semibold text-mist-100'}>
              {banner.title2}
            </span>
          </>
        ) : null}
        {banner.title3 ? <span className="w-full text-xs text-mist-300">{banner.title3}</span> : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h2 className="font-display text-lg font-bold leading-snug text-mist-100">{offer.title}</h2>
          <p className="text-sm text-mist-300">{[offer.title2, offer.title3].filter(Boolean).join(' · ')}</p>
        </div>
        <details className="text-sm text-mist-300" open={termsOpen || undefined}>
          <summary className="cursor-pointer text-gold-300 underline underline-offset-2">Terms</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {offer.terms_text.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
        {blocked && offer.reason ? <p className="text-sm text-mist-400">{offer.reason}</p> : null}
        {problem ? (
          <p role="alert" className="text-sm text-ruby-500">
            {problem}
          </p>
        ) : null}
        {/* `closed`: the player may not claim now; the page says why once, above the offers. */}
        <div className="mt-auto flex gap-3 pt-2">
          {closed ? null : startsAtOnce(offer) ? (
            <Button busy={busy} disabled={blocked} onClick={() => void claim()} className="flex-1 sm:flex-none">
              {offer.buttonClaim}
            </Button>
          ) : blocked ? (
            <Button disabled className="flex-1 sm:flex-none">
              {offer.buttonDeposit}
            </Button>
          ) : (
            <Link
              to={`/deposit?bonus=true&bonusId=${encodeURIComponent(offer.slug)}`}
              onClick={() => analytics().track({ event: 'bonus', slug: offer.slug })}
              className="btn btn-primary flex-1 sm:flex-none"
            >
              {offer.buttonDeposit}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
