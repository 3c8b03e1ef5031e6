// The affiliate API's answers as the portal reads them, typed from the contract's schemas (docs/affiliates-api.md);
// only types cross into the browser bundle. Money is in minor units.
import type { z } from 'zod';
import type {
  AffiliateView,
  dashboardSchema,
  Figures,
  LinkView,
  PayoutView,
  PlanView,
  PostbackEvent,
  postbackLogItemSchema,
  postbackSettingsSchema,
  Report,
  StatementView,
  creativeSchema,
} from '../../../contract/affiliates.ts';

export type { PostbackEvent, Report };
export type AffiliateMe = AffiliateView;
export type AffiliateKind = AffiliateView['kind'];
export type PayoutMethod = AffiliateView['payout_method'];
export type Plan = PlanView;
export type PlanType = PlanView['type'];
export type Counts = Figures;
export type Dashboard = z.output<typeof dashboardSchema>;
export type ReportGroup = Report['group'];
export type TrackingLink = LinkView;
export type Creative = z.output<typeof creativeSchema>;
export type Statement = StatementView;
export type Payout = PayoutView;
export type PostbackSettings = z.output<typeof postbackSettingsSchema>;
export type PostbackDelivery = z.output<typeof postbackLogItemSchema>;
export type PageMeta = { current_page: number; per_page: number; total: number; last_page: number };

export const PAYOUT_METHODS: readonly { value: PayoutMethod; label: string; details: string }[] = [
  { value: 'bank_transfer', label: 'Bank transfer', details: 'Account holder, IBAN and BIC (SWIFT)' },
  { value: 'crypto', label: 'Crypto', details: 'Network and wallet address' },
  { value: 'skrill', label: 'Skrill', details: 'Skrill account e-mail' },
  { value: 'neteller', label: 'Neteller', details: 'Neteller account e-mail or ID' },
];

export const POSTBACK_EVENTS: readonly { value: PostbackEvent; label: string }[] = [
  { value: 'registration', label: 'Registration' },
  { value: 'first_deposit', label: 'First deposit' },
  { value: 'cpa_qualified', label: 'CPA qualified' },
];

export const PLAN_TYPES: Record<PlanType, string> = { cpa: 'CPA', revshare: 'Revenue share', hybrid: 'Hybrid (CPA + revenue share)' };
