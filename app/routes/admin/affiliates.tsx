import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PlanView } from '../../../contract/affiliates.ts';
import { Tabs } from '../../components/ui/tabs.tsx';
import { AffiliatesTab } from '../../features/admin/affiliates/affiliates-tab.tsx';
import { CreativesTab } from '../../features/admin/affiliates/creatives-tab.tsx';
import { PayoutsTab } from '../../features/admin/affiliates/payouts-tab.tsx';
import { PlansTab } from '../../features/admin/affiliates/plans-tab.tsx';
import { StatementsTab } from '../../features/admin/affiliates/statements-tab.tsx';
import { useAdminData } from '../../features/admin/api.ts';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Notice } from '../../features/admin/ui.tsx';

// The Affiliates screen (issue 31 §7, docs/decisions/0108-affiliate-portal.md): applications and affiliates with
// their plans, links and postbacks (marketing), commission plans, monthly statements and payouts (finance), and the
// banners affiliates get.

type TabId = 'affiliates' | 'plans' | 'statements' | 'payouts' | 'creatives';

export default function AdminAffiliates() {
  const me = useStaff();
  const canManage = hasPermission(me, 'affiliates.manage');
  const canPay = hasPermission(me, 'affiliates.pay');
  const [tab, setTab] = useState<TabId>('affiliates');
  const [search] = useSearchParams();
  const open = search.get('open');
  const plans = useAdminData<PlanView[]>('/api/admin/affiliate-plans');
  const allPlans = plans.data ?? [];
  return (
    <div className="space-y-5">
      <AdminHeading title="Affiliates" />
      {plans.error ? <Notice tone="error">{plans.error}</Notice> : null}
      <Tabs
        label="Affiliates"
        selected={tab}
        onSelect={(id) => setTab(id as TabId)}
        tabs={[
          {
            id: 'affiliates',
            label: 'Affiliates',
            content:
              tab === 'affiliates' ? <AffiliatesTab plans={allPlans} canManage={canManage} initial={open && /^\d{1,16}$/.test(open) ? open : null} /> : null,
          },
          {
            id: 'plans',
            label: 'Plans',
            content: tab === 'plans' ? <PlansTab plans={allPlans} canManage={canManage} reload={() => void plans.reload()} /> : null,
          },
          { id: 'statements', label: 'Statements', content: tab === 'statements' ? <StatementsTab canPay={canPay} /> : null },
          { id: 'payouts', label: 'Payouts', content: tab === 'payouts' ? <PayoutsTab canPay={canPay} staffId={String(me.id)} /> : null },
          { id: 'creatives', label: 'Creatives', content: tab === 'creatives' ? <CreativesTab canManage={canManage} /> : null },
        ]}
      />
    </div>
  );
}
