import type { Route } from './+types/wallet-page';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { failPageValidation, pagePath } from '../lib/page-validation.ts';

// Each cashier page's heading; the bonuses and messages work fills the pages.
const pages: Record<string, { title: string; lead: string }> = {
  '/all-bonuses': { title: 'Bonuses', lead: 'Offers you can claim with your next deposit.' },
  '/bonus-activated': { title: 'Bonus activated', lead: 'Your bonus is active. Good luck!' },
};

export function loader({ url }: Route.LoaderArgs) {
  const page = pages[pagePath(url)];
  if (!page) failPageValidation(url);
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, loaderData?.page.title ?? 'Cashier', loaderData?.page.lead);

export default function WalletPage({ loaderData }: Route.ComponentProps) {
  return <PageHeading title={loaderData.page.title} lead={loaderData.page.lead} />;
}
