import type { Route } from './+types/affiliates-apply';
import { PageHeading } from '../components/site-frame.tsx';
import { AffiliateApplyForm } from '../features/affiliates/apply-form.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Affiliate programme', 'Partner with us: CPA, revenue share or hybrid commission, live reports, postbacks and monthly payouts.');

const OFFERS = [
  {
    title: 'Your commission plan',
    text: 'CPA on qualifying first deposits, a share of net gaming revenue, or both. We agree the plan with you when we approve you.',
  },
  { title: 'Live figures', text: 'Clicks, registrations, first deposits and revenue by day, link and sub-ID, the minute they happen, with CSV export.' },
  { title: 'Tracking links and banners', text: 'Links to any page of the site with your own sub-IDs, and ready-made banners with their code to copy.' },
  { title: 'Postbacks', text: 'Signed server-to-server calls on registration, first deposit and CPA qualification, with a log of every delivery.' },
  { title: 'Monthly statements', text: 'A statement for every month, reviewed and paid to your bank account, crypto wallet or e-wallet.' },
  { title: 'Privacy first', text: 'You see counts and pseudonymous player ids: never a player’s name or e-mail.' },
];

/** The public page of the affiliate programme: what it offers and the application form. */
export default function AffiliatesApply() {
  return (
    <>
      <PageHeading title="Affiliate programme" lead="Bring players to a provably fair casino and earn from every player you refer, for as long as they play." />
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="What the programme offers">
        {OFFERS.map((offer) => (
          <li key={offer.title} className="rounded-card border border-night-700 bg-night-850 p-4">
            <h2 className="font-semibold text-gold-300">{offer.title}</h2>
            <p className="mt-1 text-sm text-mist-300">{offer.text}</p>
          </li>
        ))}
      </ul>
      <h2 className="mt-10 mb-1 font-display text-2xl font-bold text-mist-100">Apply</h2>
      <p className="mb-5 text-sm text-mist-400">
        We review every application by hand and e-mail you the answer, usually within two working days. Already a partner?{' '}
        <a href="/affiliates/login" className="text-gold-300 underline">
          Sign in to the partner portal
        </a>
        .
      </p>
      <AffiliateApplyForm />
    </>
  );
}
