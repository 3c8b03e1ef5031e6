import type { Route } from './+types/account-section';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

// Each account section's heading; the accounts, bonuses, limits and clubs work fills the sections.
const sections: Record<string, { title: string; lead: string }> = {
  '/account/bonuses': { title: 'Bonuses', lead: 'Your active bonuses and how much wagering is left on each.' },
  '/account/limit': { title: 'Limits', lead: 'Deposit, loss and session limits, time-outs and self-exclusion.' },
  '/account/verification': { title: 'Verification', lead: 'Upload your documents to verify your identity and unlock withdrawals.' },
  '/account/vip-club': { title: 'VIP club', lead: 'Your VIP tier and the benefits it brings.' },
  '/account/loyalty-club': { title: 'Loyalty club', lead: 'Your loyalty points and what you can exchange them for.' },
};

export function loader({ url }: Route.LoaderArgs) {
  const section = sections[pagePath(url)];
  if (!section) failPageValidation(url);
  return { section };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.section.title ?? 'Account', loaderData?.section.lead);

export default function AccountSection({ loaderData }: Route.ComponentProps) {
  return <PageHeading title={loaderData.section.title} lead={loaderData.section.lead} />;
}
