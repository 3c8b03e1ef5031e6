// The compliance console's API (issue 33 §2, §5, §6; decisions 0114 and 0115): alerts, the dashboard's counts,
// the rules' thresholds, cases with notes and attachments, the suspicious-activity report, and responses to markers
// of harm. Staff with `compliance.read` see; `compliance.manage` decides.
import { z } from 'zod';
import { ALERT_STATUSES, CASE_OUTCOMES, CASE_STATES, INTERVENTION_KINDS } from './compliance.rules.ts';
import { TIME_OUT_DAYS } from './limits.rules.ts';
import { defineEndpoint, fileAnswer } from './endpoint.ts';
import { dataOf, matching, text } from './http.ts';

export const ID = matching(/^[1-9][0-9]{0,17}$/);
export const complianceIdParamsSchema = z.object({ id: ID });
export const caseNoteParamsSchema = z.object({ id: ID, noteId: ID });
export const ruleParamsSchema = z.object({ rule: matching(/^[a-z][a-z-]{1,40}$/) });
export const playerParamsSchema = z.object({ id: ID });

const reason = z.string().trim().min(3, 'The reason must be at least 3 characters.').max(500, 'The reason may not be greater than 500 characters.');

export const alertsQuerySchema = z.object({
  status: z.enum(ALERT_STATUSES).optional(),
  rule: matching(/^[a-z][a-z-]{1,40}$/).optional(),
  kind: z.enum(['aml', 'rg', 'linked', 'sanctions']).optional(),
  player_id: ID.optional(),
});

export const alertSchema = z.object({
  id: z.string(),
  player_id: z.string(),
  kind: z.string(),
  rule: z.string(),
  label: z.string(),
  facts: z.record(z.string(), z.unknown()),
  hold_withdrawals: z.boolean(),
  status: z.string(),
  case_id: z.string().nullable(),
  resolution: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type AlertView = z.infer<typeof alertSchema>;

export const closeAlertBodySchema = z.object({ resolution: reason });

const ageCounts = { under_a_day: z.int(), one_to_seven_days: z.int(), over_seven_days: z.int() };
export const complianceSummarySchema = z.object({
  by_rule: z.array(z.object({ rule: z.string(), label: z.string(), kind: z.string(), open: z.int(), ...ageCounts })),
  by_age: z.object(ageCounts),
  open: z.int(),
  open_cases: z.int(),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

export const ruleThresholdsSchema = z.object({
  rule: z.string(),
  kind: z.string(),
  label: z.string(),
  description: z.string(),
  values: z.record(z.string(), z.union([z.number(), z.boolean()])),
  defaults: z.record(z.string(), z.union([z.number(), z.boolean()])),
  params: z.array(z.object({ key: z.string(), label: z.string(), min: z.number(), max: z.number() })),
});
export type RuleThresholds = z.infer<typeof ruleThresholdsSchema>;
export const thresholdsBodySchema = z.object({
  values: z
    .record(matching(/^[a-z_]{1,30}$/), z.union([z.int(), z.boolean()]))
    .refine((values) => Object.keys(values).length > 0, 'Change at least one threshold.'),
  reason,
});

export const caseSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.string(),
  outcome: z.string().nullable(),
  assigned_to: z.string().nullable(),
  created_by: z.string(),
  close_requested_by: z.string().nullable(),
  close_requested_outcome: z.string().nullable(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CaseView = z.infer<typeof caseSchema>;
export const caseNoteSchema = z.object({
  id: z.string(),
  staff_id: z.string(),
  body: z.string(),
  attachment: z.object({ file_name: z.string(), content_type: z.string(), sha256: z.string(), bytes: z.int() }).nullable(),
  created_at: z.string(),
});
export const caseDetailSchema = caseSchema.extend({ notes: z.array(caseNoteSchema), alerts: z.array(alertSchema) });
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const casesQuerySchema = z.object({ state: z.enum(CASE_STATES).optional() });
export const createCaseBodySchema = z.object({
  title: z.string().trim().min(3, 'The title must be at least 3 characters.').max(120, 'The title may not be greater than 120 characters.'),
  alert_ids: z.array(ID).min(1, 'Choose at least one alert.').max(100),
  assigned_to: ID.nullable().optional(),
});
export const caseAlertsBodySchema = z.object({ alert_ids: z.array(ID).min(1, 'Choose at least one alert.').max(100) });
export const assignCaseBodySchema = z.object({ assigned_to: ID.nullable() });
export const caseStateBodySchema = z.object({ state: z.enum(['investigating', 'escalated']) });
export const caseNoteBodySchema = z.object({
  body: z.string().trim().min(1, 'The note field is required.').max(5000, 'The note may not be greater than 5000 characters.'),
  attachment: z
    .object({
      file_name: matching(/^[A-Za-z0-9 ._()-]{1,120}$/),
      content_type: z.enum(['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv']),
      /** Base64, at most 256 KiB decoded. */
      data_base64: text(350_000).regex(/^[A-Za-z0-9+/]*={0,2}$/),
    })
    .optional(),
});
export const closeCaseBodySchema = z.object({ outcome: z.enum(CASE_OUTCOMES), note: reason });
export const closeCaseResponseSchema = z.object({ data: caseSchema, closed: z.boolean() });

export const interventionSchema = z.object({
  id: z.string(),
  player_id: z.string(),
  alert_id: z.string().nullable(),
  kind: z.string(),
  note: z.string(),
  staff_id: z.string(),
  created_at: z.string(),
});
/**
 * A response to a marker of harm. An enforced break (`break`) starts a time-out of `break_days` (one of the time-out
 * lengths) as it is recorded; the other responses take no days.
 */
export const interventionBodySchema = z
  .object({
    kind: z.enum(INTERVENTION_KINDS),
    note: reason,
    alert_id: ID.nullable().optional(),
    break_days: z.union(TIME_OUT_DAYS.map((d) => z.literal(d))).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'break' && body.break_days === undefined)
      ctx.addIssue({ code: 'custom', path: ['break_days'], message: 'Choose how long the break lasts.' });
    if (body.kind !== 'break' && body.break_days !== undefined)
      ctx.addIssue({ code: 'custom', path: ['break_days'], message: 'Only an enforced break takes days.' });
  });

/** Confirming or withdrawing a close carries nothing (an empty JSON object or no body at all). */
export const emptyBodySchema = z.object({}).nullable().optional();

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
const read = { auth: 'operator', permission: 'compliance.read' } as const;
const manage = { auth: 'operator', permission: 'compliance.manage' } as const;
/** A change to a case answers the case as it now is. */
const caseChange = <const P extends string, const B extends z.ZodType, const S extends string, const O extends string>(
  path: P,
  body: B,
  summary: S,
  operationId: O,
) =>
  defineEndpoint({
    method: 'POST',
    path,
    params: complianceIdParamsSchema,
    body,
    responses: { 200: dataOf(caseDetailSchema) },
    ...manage,
    summary,
    operationId,
  });

export const complianceEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/summary',
    responses: { 200: dataOf(complianceSummarySchema) },
    ...read,
    summary: 'The compliance dashboard’s counts of open alerts and cases',
    operationId: 'getComplianceSummary',
  }),
  alerts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/alerts',
    query: alertsQuerySchema,
    responses: { 200: dataOf(z.array(alertSchema)) },
    ...read,
    summary: 'Compliance alerts, narrowed by status, rule, kind or player',
    operationId: 'listComplianceAlerts',
  }),
  alert: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/alerts/:id',
    params: complianceIdParamsSchema,
    responses: { 200: dataOf(alertSchema) },
    ...read,
    summary: 'One compliance alert',
    operationId: 'getComplianceAlert',
  }),
  closeAlert: defineEndpoint({
    method: 'POST',
    path: '/api/admin/compliance/alerts/:id/close',
    params: complianceIdParamsSchema,
    body: closeAlertBodySchema,
    responses: { 200: dataOf(alertSchema) },
    ...manage,
    summary: 'Close an alert, with its resolution',
    operationId: 'closeComplianceAlert',
  }),
  rules: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/rules',
    responses: { 200: dataOf(z.array(ruleThresholdsSchema)) },
    ...read,
    summary: 'The monitoring rules and their thresholds',
    operationId: 'listComplianceRules',
  }),
  setThresholds: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/compliance/rules/:rule',
    params: ruleParamsSchema,
    body: thresholdsBodySchema,
    responses: { 200: dataOf(ruleThresholdsSchema) },
    ...manage,
    summary: 'Change a rule’s thresholds, with the reason',
    operationId: 'updateComplianceRuleThresholds',
  }),
  cases: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/cases',
    query: casesQuerySchema,
    responses: { 200: dataOf(z.array(caseSchema)) },
    ...read,
    summary: 'Compliance cases, narrowed by state',
    operationId: 'listComplianceCases',
  }),
  createCase: defineEndpoint({
    method: 'POST',
    path: '/api/admin/compliance/cases',
    body: createCaseBodySchema,
    responses: { 201: dataOf(caseDetailSchema) },
    ...manage,
    summary: 'Open a case from alerts',
    operationId: 'createComplianceCase',
  }),
  case: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/cases/:id',
    params: complianceIdParamsSchema,
    responses: { 200: dataOf(caseDetailSchema) },
    ...read,
    summary: 'One case, with its notes and alerts',
    operationId: 'getComplianceCase',
  }),
  addAlerts: caseChange('/api/admin/compliance/cases/:id/alerts', caseAlertsBodySchema, 'Add alerts to a case', 'addComplianceCaseAlerts'),
  assign: caseChange('/api/admin/compliance/cases/:id/assign', assignCaseBodySchema, 'Assign a case to a staff member, or to nobody', 'assignComplianceCase'),
  moveTo: caseChange('/api/admin/compliance/cases/:id/state', caseStateBodySchema, 'Move a case to investigating or escalated', 'moveComplianceCase'),
  note: caseChange('/api/admin/compliance/cases/:id/notes', caseNoteBodySchema, 'Add a note to a case, with an optional attachment', 'addComplianceCaseNote'),
  confirmClose: caseChange(
    '/api/admin/compliance/cases/:id/confirm-close',
    emptyBodySchema,
    'Confirm another staff member’s close of a case (four eyes)',
    'confirmComplianceCaseClose',
  ),
  withdrawClose: caseChange(
    '/api/admin/compliance/cases/:id/withdraw-close',
    emptyBodySchema,
    'Withdraw a requested close of a case',
    'withdrawComplianceCaseClose',
  ),
  close: defineEndpoint({
    method: 'POST',
    path: '/api/admin/compliance/cases/:id/close',
    params: complianceIdParamsSchema,
    body: closeCaseBodySchema,
    // 200 when the case closed; 202 when the close now waits for a second staff member's confirmation.
    responses: { 200: closeCaseResponseSchema, 202: closeCaseResponseSchema },
    status: 200,
    ...manage,
    summary: 'Close a case with its outcome (some outcomes wait for a second staff member)',
    operationId: 'closeComplianceCase',
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/cases/:id/notes/:noteId/file',
    params: caseNoteParamsSchema,
    responses: { 200: fileAnswer('application/octet-stream', 'The note’s attachment, as uploaded (its own media type), as a download.') },
    ...read,
    summary: 'A case note’s attachment',
    operationId: 'getComplianceCaseNoteFile',
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/cases/:id/report',
    params: complianceIdParamsSchema,
    responses: { 200: fileAnswer('application/json', 'The case’s suspicious-activity report, as a JSON download.') },
    ...read,
    summary: 'The suspicious-activity report of a case (recorded in the audit log)',
    operationId: 'getComplianceCaseReport',
  }),
  interventions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/compliance/players/:id/interventions',
    params: playerParamsSchema,
    responses: { 200: dataOf(z.array(interventionSchema)) },
    ...read,
    summary: 'The responses to markers of harm recorded for a player',
    operationId: 'listComplianceInterventions',
  }),
  intervene: defineEndpoint({
    method: 'POST',
    path: '/api/admin/compliance/players/:id/interventions',
    params: playerParamsSchema,
    body: interventionBodySchema,
    responses: { 201: dataOf(interventionSchema) },
    ...manage,
    summary: 'Record a response to a marker of harm (an enforced break starts a time-out)',
    operationId: 'recordComplianceIntervention',
  }),
};
