// The application form's fields and the checks the browser makes before sending it (issue 31 §1).
import { passwordProblems } from '../../../contract/accounts.rules.ts';
import type { AffiliateKind, PayoutMethod } from './types.ts';

export type Form = {
  kind: AffiliateKind;
  name: string;
  contact_name: string;
  email: string;
  password: string;
  country: string;
  website: string;
  payout_method: PayoutMethod;
  payout_details: string;
  terms: boolean;
};

export const EMPTY_APPLICATION: Form = {
  kind: 'company',
  name: '',
  contact_name: '',
  email: '',
  password: '',
  country: '',
  website: '',
  payout_method: 'bank_transfer',
  payout_details: '',
  terms: false,
};

export const FIELD_ORDER: (keyof Form)[] = [
  'kind',
  'name',
  'contact_name',
  'email',
  'password',
  'country',
  'website',
  'payout_method',
  'payout_details',
  'terms',
];

/** The form's own checks, in the API's words (contract/affiliates.ts, the players' password rules). */
export function localErrors(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  const short = (value: string) => value.trim().length < 2;
  if (short(form.name)) errors.name = form.name.trim() ? 'The name must be at least 2 characters.' : 'The name field is required.';
  if (short(form.contact_name))
    errors.contact_name = form.contact_name.trim() ? 'The contact name must be at least 2 characters.' : 'The contact name field is required.';
  if (!form.email.trim()) errors.email = 'The email field is required.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'The email field must be a valid email address.';
  const password = form.password ? passwordProblems(form.password)[0] : 'The password field is required.';
  if (password) errors.password = password;
  if (!form.country) errors.country = 'The country field is required.';
  if (form.payout_details.trim().length < 4)
    errors.payout_details = form.payout_details.trim() ? 'The payout details must be at least 4 characters.' : 'The payout details field is required.';
  if (!form.terms) errors.terms = 'You must accept the terms.';
  return errors;
}
