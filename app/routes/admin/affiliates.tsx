import { useSearchParams } from 'react-router';
import type { Route } from './+types/affiliates';
import { Tabs } from '../../components/ui/tabs.tsx';
import { AffiliatesTab } from '../../features/admin/affiliates/affiliates-tab.tsx';
import { CreativesTab } from '../../features/admin/affiliates/creatives-tab.tsx';
import { loadTab, TABS, type TabData, type TabId } from '../../features/admin/affiliates/load.ts';
import { PayoutsTab } from '../../features/admin/affiliates/payouts-tab.tsx';
import { PlansTab } from '../../features/admin/affiliates/plans-tab.tsx';
import { StatementsTab } from '../../features/admin/affiliates/statements-tab.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Loading } from '../../features/admin/ui.tsx';

// The Affiliates screen (issue 31 §7, docs/decisions/0108-affiliate-portal.md): applications and affiliates with
// their plans, links and postbacks (marketing), commission plans, monthly statements and payouts (finance), and the
// banners affiliates get. The tab, its filter and page, and the affiliate opened are in the address; the loader
// reads what they show.

const LABELS: Record<TabId, string> = { affiliates: 'Affiliates', plans: 'Plans', statements: 'Statements', payouts: 'Payouts', creatives: 'Creatives' };

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadTab(request);

export function HydrateFallback() {
  return <Loading />;
}

export default function AdminAffiliates({ loaderData: view }: Route.ComponentProps) {
  const me = useStaff();
  const [, setSearchParams] = useSearchParams();
  const canManage = hasPermission(me, 'affiliates.manage');
  const canPay = hasPermission(me, 'affiliates.pay');
  return (
    <div className="space-y-5">
      <AdminHeading title="Affiliates" />
      <Tabs
        label="Affiliates"
        selected={view.tab}
        // Another tab starts on its own first page and filter.
        onSelect={(id) => setSearchParams(id === 'affiliates' ? {} : { tab: id }, { preventScrollReset: true })}
        tabs={TABS.map((id) => ({
          id,
          label: LABELS[id],
          content: id === view.tab ? <TabContent view={view} canManage={canManage} canPay={canPay} staffId={String(me.id)} /> : null,
        }))}
      />
    </div>
  );
}

function TabContent({ view, canManage, canPay, staffId }: { view: TabData; canManage: boolean; canPay: boolean; staffId: string }) {
  switch (view.tab) {
    case 'affiliates':
      return <AffiliatesTab view={view} canManage={canManage} />;
    case 'plans':
      return <PlansTab plans={view.plans} canManage={canManage} />;
    case 'statements':
      return <StatementsTab view={view} canPay={canPay} />;
    case 'payouts':
      return <PayoutsTab view={view} canPay={canPay} staffId={staffId} />;
    case 'creatives':
      return <CreativesTab creatives={view.creatives} canManage={canManage} />;
  }
}
