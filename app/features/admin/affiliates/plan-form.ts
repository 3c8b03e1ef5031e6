// The console's commission plan form (issue 31 §3): what staff type (amounts in major units, percents, days) read
// into the operator API's body (minor units), with the form's own messages for what cannot be sent.
import type { PlanBody, PlanView } from '../../../../contract/affiliates.ts';
import { majorUnits, minorUnits } from '../stake-input.ts';

export type PlanFields = {
  name: string;
  type: PlanView['type'];
  currency: string;
  cpa_amount: string;
  cpa_min_deposit: string;
  cpa_window_days: string;
  cpa_min_wagering: string;
  /** One tier a line: "0: 25" = 25 % from 0 active players. */
  tiers: string;
  negative_carryover: boolean;
};

export const EMPTY_PLAN: PlanFields = {
  name: '',
  type: 'cpa',
  currency: 'EUR',
  cpa_amount: '',
  cpa_min_deposit: '',
  cpa_window_days: '30',
  cpa_min_wagering: '',
  tiers: '0: 25',
  negative_carryover: false,
};

/** A plan as the form shows it. */
export function planFields(plan: PlanView): PlanFields {
  const amount = (minor: number | null) => (minor === null ? '' : majorUnits(minor));
  return {
    name: plan.name,
    type: plan.type,
    currency: plan.currency,
    cpa_amount: amount(plan.cpa_amount),
    cpa_min_deposit: amount(plan.cpa_min_deposit),
    cpa_window_days: plan.cpa_window_days === null ? '' : String(plan.cpa_window_days),
    cpa_min_wagering: amount(plan.cpa_min_wagering),
    tiers: plan.revshare_tiers.map((tier) => `${tier.min_active_players}: ${tier.percent}`).join('\n'),
    negative_carryover: plan.negative_carryover,
  };
}

/** "0: 25\n10: 30" → tiers, lowest first; null when a line is not "players: percent" with a percent of 0–100 (2 decimals). */
export function parseTiers(text: string): { min_active_players: number; percent: number }[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const tiers: { min_active_players: number; percent: number }[] = [];
  for (const line of lines) {
    const match = /^(\d{1,7})\s*[:=]\s*(\d{1,3}(?:[.,]\d{1,2})?)\s*%?$/.exec(line);
    if (!match) return null;
    const percent = Number(match[2]!.replace(',', '.'));
    if (percent > 100) return null;
    tiers.push({ min_active_players: Number(match[1]), percent });
  }
  tiers.sort((a, b) => a.min_active_players - b.min_active_players);
  if (new Set(tiers.map((tier) => tier.min_active_players)).size !== tiers.length) return null;
  return tiers;
}

/** The operator API's body for the form, or the form's errors by field. */
export function planBody(fields: PlanFields): { body: PlanBody; errors: null } | { body: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const cpa = fields.type !== 'revshare';
  const revshare = fields.type !== 'cpa';
  const amount = (field: 'cpa_amount' | 'cpa_min_deposit' | 'cpa_min_wagering', needed: boolean): number | null => {
    const text = fields[field].trim();
    if (!text) {
      if (needed) errors[field] = 'Enter an amount, e.g. 25.00.';
      return null;
    }
    const minor = minorUnits(text);
    if (minor === null) errors[field] = 'Enter an amount, e.g. 25.00.';
    return minor;
  };
  if (fields.name.trim().length < 2) errors.name = 'Give the plan a name of at least 2 characters.';
  if (!/^[A-Z]{3}$/.test(fields.currency.trim().toUpperCase())) errors.currency = 'The currency must be a three-letter code, e.g. EUR.';
  const body: PlanBody = {
    name: fields.name.trim(),
    type: fields.type,
    currency: fields.currency.trim().toUpperCase(),
    negative_carryover: fields.negative_carryover,
  };
  if (cpa) {
    body.cpa_amount = amount('cpa_amount', true);
    body.cpa_min_deposit = amount('cpa_min_deposit', true);
    body.cpa_min_wagering = amount('cpa_min_wagering', false);
    const days = fields.cpa_window_days.trim();
    if (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > 365) errors.cpa_window_days = 'The window must be 1 to 365 days.';
    else body.cpa_window_days = Number(days);
  } else {
    Object.assign(body, { cpa_amount: null, cpa_min_deposit: null, cpa_window_days: null, cpa_min_wagering: null });
  }
  if (revshare) {
    const tiers = parseTiers(fields.tiers);
    if (!tiers || tiers.length === 0 || tiers[0]!.min_active_players !== 0) {
      errors.tiers = 'One tier a line as "active players: percent", starting with "0: …", percents 0 to 100.';
    } else body.revshare_tiers = tiers;
  } else body.revshare_tiers = [];
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}
