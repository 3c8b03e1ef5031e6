import { Link } from 'react-router';
import type { ChosenBonus } from './chosen-bonus.ts';

/** The bonus this deposit claims, with a way to deposit without it. */
export function BonusCard({ bonus }: { bonus: ChosenBonus }) {
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
      </div>
      <Link to={{ search: '' }} aria-label="Remove bonus" className="shrink-0 text-sm text-mist-400 underline underline-offset-2 hover:text-mist-100">
        Remove
      </Link>
    </section>
  );
}
