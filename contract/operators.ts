// The operator API (SPEC.md §7 admin routes): an operator's bearer token opens them. Imports nothing of ours
// outside contract/; the zod schemas are what the server validates and serialises with (decision 0027).
import { z } from 'zod';
import { KYC_STATUSES } from './accounts.ts';
import { matching } from './http.ts';
import { ACTIVATION_TYPES } from './site.ts';
import { WITHDRAWAL_STATUSES } from './wallet.ts';

/** POST /api/admin/login body and answer. */
export const operatorLoginBodySchema = z.object({ email: z.string().max(254), password: z.string().max(1024) });
export const operatorLoginResponseSchema = z.object({ token: z.string(), expires_at: z.string() });

export const playerIdParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });
export const playersQuerySchema = z.object({ email: z.string().max(254).optional() });
/** POST /api/admin/players/{id}/kyc body: an operator decides KYC directly (`unverified` is where players start). */
export const kycBodySchema = z.object({ status: z.enum(KYC_STATUSES.filter((status) => status !== 'unverified') as ['pending', 'verified', 'rejected']) });

export const withdrawalsQuerySchema = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
/** POST /api/admin/withdrawals/{id}/approve|reject body: optional, with an optional note. */
export const withdrawalDecisionBodySchema = z
  .object({ note: z.string().max(500).optional() })
  .nullable()
  .optional();

/** PUT /api/admin/settings body. */
export const settingsBodySchema = z.object({ registration_activation_type: z.enum(ACTIVATION_TYPES) });
