// Words and tones the console's Affiliates screen shows for the affiliate API's values.
import type { AffiliateView, PayoutView, PlanView, StatementView } from '../../../../contract/affiliates.ts';

type Tone = 'neutral' | 'good' | 'bad' | 'warn';

export const AFFILIATE_STATUS: Record<AffiliateView['status'], { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'warn' },
  approved: { label: 'Approved', tone: 'good' },
  suspended: { label: 'Suspended', tone: 'bad' },
};
export const STATEMENT_STATUS: Record<StatementView['status'], { label: string; tone: Tone }> = {
  pending: { label: 'To review', tone: 'warn' },
  approved: { label: 'Approved', tone: 'neutral' },
  paid: { label: 'Paid', tone: 'good' },
};
export const PAYOUT_STATUS: Record<PayoutView['status'], { label: string; tone: Tone }> = {
  awaiting_approval: { label: 'Awaiting second approval', tone: 'warn' },
  paid: { label: 'Paid', tone: 'good' },
};
export const PLAN_TYPE: Record<PlanView['type'], string> = { cpa: 'CPA', revshare: 'Revenue share', hybrid: 'Hybrid' };
export const PAYOUT_METHOD: Record<AffiliateView['payout_method'], string> = {
  bank_transfer: 'Bank transfer',
  crypto: 'Crypto',
  skrill: 'Skrill',
  neteller: 'Neteller',
};

/** A plan in one line: "Hybrid · EUR 50.00 CPA (≥ EUR 20.00 in 30 days) + 25 %". */
export function planSummary(plan: PlanView, money: (minor: number, currency: string) => string): string {
  const parts: string[] = [];
  if (plan.type !== 'revshare' && plan.cpa_amount !== null) {
    parts.push(
      `${money(plan.cpa_amount, plan.currency)} CPA (first deposit ≥ ${money(plan.cpa_min_deposit ?? 0, plan.currency)} within ${plan.cpa_window_days ?? '—'} days${plan.cpa_min_wagering ? `, ${money(plan.cpa_min_wagering, plan.currency)} wagered` : ''})`,
    );
  }
  if (plan.type !== 'cpa' && plan.revshare_tiers.length > 0) {
    parts.push(
      `${plan.revshare_tiers.map((tier) => (tier.min_active_players === 0 ? `${tier.percent}%` : `${tier.percent}% from ${tier.min_active_players} active`)).join(', ')} of NGR${plan.negative_carryover ? ', negative carry-over' : ''}`,
    );
  }
  return `${PLAN_TYPE[plan.type]} · ${parts.join(' + ')}`;
}
