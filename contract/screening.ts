// Sanctions and PEP screening's operator API (issue 33 §4, docs/decisions/0116): the lists in force and the hits they found;
// compliance marks a hit a false positive with a reason kept in the audit log.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, matching, PAGE, PER_PAGE, pageMetaSchema } from './http.ts';
import { actionReasonSchema } from './operators.ts';
import { SCREENING_HIT_STATUSES } from './screening.rules.ts';

export * from './screening.rules.ts';

/** One list screened against: sanctions (a match holds withdrawals) or politically exposed persons (a match holds nothing). */
export const screeningListPartSchema = z.object({
  source: z.string(),
  category: z.enum(['sanctions', 'pep']),
  /** The publisher's generation date of this list's file. */
  generated_at: z.string().nullable(),
  /** Listed people on this list. */
  entries: z.int(),
});

export const screeningListSchema = z.object({
  /** False: neither SCREENING_LIST_PATH nor PEP_LIST_PATH is set in production and nobody is screened. */
  enabled: z.boolean(),
  /** The lists' names joined with " + ". */
  source: z.string().nullable(),
  /** The latest publisher's generation date among the loaded files. */
  generated_at: z.string().nullable(),
  /** Listed people screened against, all lists together (organisations are not). */
  entries: z.int(),
  loaded_at: z.string().nullable(),
  lists: z.array(screeningListPartSchema),
});
export type ScreeningListView = z.infer<typeof screeningListSchema>;

export const screeningHitSchema = z.object({
  id: z.string(),
  player_id: z.string(),
  source: z.string(),
  entry_reference: z.string(),
  /** The list's spelling of the name that matched. */
  matched_name: z.string(),
  /** Name similarity, 0 to 1. */
  score: z.number(),
  /** `match`: the listed birthdate fits the player's; `not-listed`: the list gives none. */
  birthdate: z.enum(['match', 'not-listed']),
  trigger: z.enum(['registration', 'profile', 'rescreen']),
  status: z.enum(SCREENING_HIT_STATUSES),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ScreeningHitView = z.infer<typeof screeningHitSchema>;

export const screeningHitsQuerySchema = z.object({
  status: z.enum(SCREENING_HIT_STATUSES).optional(),
  player_id: matching(/^[1-9][0-9]{0,15}$/).optional(),
  page: PAGE.optional(),
  per_page: PER_PAGE.optional(),
});
export const screeningHitsPageSchema = z.object({ data: z.array(screeningHitSchema), meta: pageMetaSchema });
export const screeningHitParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,15}$/) });
/** POST /api/admin/screening/hits/{id}/false-positive: why this player is not the listed person. */
export const falsePositiveBodySchema = z.object({ reason: actionReasonSchema });

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const screeningEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/screening/list',
    responses: { 200: dataOf(screeningListSchema) },
    auth: 'operator',
    permission: 'screening.manage',
    summary: 'The sanctions list in force',
    operationId: 'getScreeningList',
  }),
  hits: defineEndpoint({
    method: 'GET',
    path: '/api/admin/screening/hits',
    query: screeningHitsQuerySchema,
    responses: { 200: screeningHitsPageSchema },
    auth: 'operator',
    permission: 'screening.manage',
    summary: 'The screening hits, a page at a time',
    operationId: 'listScreeningHits',
  }),
  falsePositive: defineEndpoint({
    method: 'POST',
    path: '/api/admin/screening/hits/:id/false-positive',
    params: screeningHitParamsSchema,
    body: falsePositiveBodySchema,
    responses: { 200: dataOf(screeningHitSchema) },
    auth: 'operator',
    permission: 'screening.manage',
    summary: 'Mark a screening hit a false positive',
    operationId: 'markScreeningHitFalsePositive',
  }),
};
