// What the console's Affiliates screen reads, from its address: the tab (?tab=), the tab's status filter (?status=)
// and page (?page=), and on the first tab the affiliate opened below the list (?open=) with its postback log's page
// (?log=). The address holds it all, so a reload, a shared link or Back shows the same thing.
import { adminLoad, adminLoadBody } from '../api.ts';

export const TABS = ['affiliates', 'plans', 'statements', 'payouts', 'creatives'] as const;
export type TabId = (typeof TABS)[number];

export const AFFILIATE_FILTERS = [
  { value: 'pending', label: 'Applications' },
  { value: 'approved', label: 'Approved' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'all', label: 'All' },
] as const;
export const STATEMENT_FILTERS = [
  { value: 'pending', label: 'To review' },
  { value: 'approved', label: 'Approved' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
] as const;
export const PAYOUT_FILTERS = [
  { value: 'awaiting_approval', label: 'Awaiting approval' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
] as const;

/** The value of `choices` the address names, or `fallback`. */
const pick = <T extends string>(choices: readonly { value: T }[], value: string | null, fallback: T): T =>
  choices.find((choice) => choice.value === value)?.value ?? fallback;
/** A page number from the address, when it is one. */
const pageOf = (value: string | null) => (value && /^[1-9]\d{0,5}$/.test(value) ? value : null);

/** The list API's query: the status (none for all) and the page. */
function listQuery(status: string, page: string | null) {
  const query = new URLSearchParams();
  if (status !== 'all') query.set('status', status);
  const number = pageOf(page);
  if (number) query.set('page', number);
  return query;
}

/** The tab the address names (the first without one). */
const tabOf = (params: URLSearchParams): TabId => TABS.find((tab) => tab === params.get('tab')) ?? 'affiliates';

/** The affiliate the address opens below the list, when it names one. */
function openedOf(params: URLSearchParams) {
  const open = params.get('open');
  return open && /^\d{1,16}$/.test(open) ? open : null;
}

/** The first tab's filter: applications, unless an affiliate is opened by a link (a player page's), then all. */
const affiliateFilterOf = (params: URLSearchParams) => pick(AFFILIATE_FILTERS, params.get('status'), openedOf(params) ? 'all' : 'pending');
const statementFilterOf = (params: URLSearchParams) => pick(STATEMENT_FILTERS, params.get('status'), 'pending');
const payoutFilterOf = (params: URLSearchParams) => pick(PAYOUT_FILTERS, params.get('status'), 'all');

/** The opened affiliate and its postback log. */
async function loadOpened(request: Request, id: string, logPage: string | null) {
  const [affiliate, log] = await Promise.all([
    adminLoad(request, `/api/admin/affiliates/${id}`),
    adminLoadBody(request, `/api/admin/affiliates/${id}/postbacks?page=${pageOf(logPage) ?? '1'}`),
  ]);
  return { affiliate, postbacks: log };
}

/** The tab's data, read for the tab the address names. */
export async function loadTab(request: Request) {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params);
  if (tab === 'plans') return { tab, plans: await adminLoad(request, '/api/admin/affiliate-plans') };
  if (tab === 'creatives') return { tab, creatives: await adminLoad(request, '/api/admin/affiliate-creatives') };
  if (tab === 'statements') {
    const filter = statementFilterOf(params);
    return { tab, filter, list: await adminLoadBody(request, `/api/admin/affiliate-statements?${listQuery(filter, params.get('page'))}`) };
  }
  if (tab === 'payouts') {
    const filter = payoutFilterOf(params);
    return { tab, filter, list: await adminLoadBody(request, `/api/admin/affiliate-payouts?${listQuery(filter, params.get('page'))}`) };
  }
  const filter = affiliateFilterOf(params);
  const opened = openedOf(params);
  const [plans, list, open] = await Promise.all([
    adminLoad(request, '/api/admin/affiliate-plans'),
    adminLoadBody(request, `/api/admin/affiliates?${listQuery(filter, params.get('page'))}`),
    opened ? loadOpened(request, opened, params.get('log')) : null,
  ]);
  return { tab, filter, plans, list, open };
}

export type TabData = Awaited<ReturnType<typeof loadTab>>;
/** The data of one tab. */
export type TabOf<T extends TabId> = Extract<TabData, { tab: T }>;
