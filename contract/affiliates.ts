// The affiliate programme's API (issue 31; docs/affiliates-api.md, docs/decisions/0107-affiliates.md): the public
// application and sign-in, the portal's own API and the operator API. Money is integer minor units with a currency.
import { z } from 'zod';
import { actionReasonSchema } from './operators.ts';
import { COUNTRY_CODES } from './countries.ts';
import { defineEndpoint, fileAnswer, noContent } from './endpoint.ts';
import { dataOf, PAGE, PER_PAGE, pageMetaSchema } from './http.ts';

export const AFFILIATE_STATUSES = ['pending', 'approved', 'suspended'] as const;
export const AFFILIATE_KINDS = ['company', 'person'] as const;
export const PAYOUT_METHODS = ['bank_transfer', 'crypto', 'skrill', 'neteller'] as const;
export const PLAN_TYPES = ['cpa', 'revshare', 'hybrid'] as const;
export const POSTBACK_EVENTS = ['registration', 'first_deposit', 'cpa_qualified'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];
export const POSTBACK_MACROS = ['{click_id}', '{sub}', '{amount}', '{currency}', '{player_id}', '{event}'] as const;
export const STATEMENT_STATUSES = ['pending', 'approved', 'paid'] as const;
export const PAYOUT_STATUSES = ['awaiting_approval', 'paid'] as const;

const required = (field: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? `The ${field} field is required.` : `The ${field} field is invalid.`),
});
const name = (field: string) =>
  z.string(required(field)).trim().min(2, `The ${field} must be at least 2 characters.`).max(120, `The ${field} may not be greater than 120 characters.`);
const httpUrl = (field: string, max: number) =>
  z
    .string(required(field))
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), `The ${field} must be an http or https address.`);
const country = z
  .string(required('country'))
  .max(2, 'The selected country is invalid.')
  .transform((value) => value.toUpperCase())
  .refine((value) => COUNTRY_CODES.has(value), 'The selected country is invalid.');
const payoutDetails = z
  .string(required('payout details'))
  .trim()
  .min(4, 'The payout details must be at least 4 characters.')
  .max(500, 'The payout details may not be greater than 500 characters.');
const payoutMethod = z.enum(PAYOUT_METHODS, { error: 'The selected payout method is invalid.' });

/** POST /api/affiliates/apply. The password's rules (players') and the unique e-mail are checked by the service. */
export const affiliateApplyBodySchema = z.object({
  kind: z.enum(AFFILIATE_KINDS, { error: 'Choose company or person.' }),
  name: name('name'),
  contact_name: name('contact name'),
  email: z
    .string(required('email'))
    .trim()
    .max(254)
    .pipe(z.email('The email field must be a valid email address.'))
    .transform((value) => value.toLowerCase()),
  password: z.string(required('password')).max(1024),
  country,
  website: httpUrl('website', 200).nullable().optional(),
  payout_method: payoutMethod,
  payout_details: payoutDetails,
  terms: z.literal(true, { error: 'You must accept the terms.' }),
});
export const affiliateApplyResponseSchema = z.object({ data: z.object({ id: z.string(), status: z.literal('pending'), message: z.string() }) });

export const affiliateLoginBodySchema = z.object({
  email: z.string(required('email')).max(254),
  password: z.string(required('password')).max(1024),
  code: z.string().trim().max(20).optional(),
});
export const affiliateSessionSchema = z.object({ token: z.string(), expires_at: z.string() });
export const affiliateLoginResponseSchema = z.union([affiliateSessionSchema, z.object({ two_factor: z.literal(true) })]);
export const affiliateLinkSignInBodySchema = z.object({ token: z.string(required('token')).max(200) });

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PLAN_TYPES),
  currency: z.string(),
  cpa_amount: z.int().nullable(),
  cpa_min_deposit: z.int().nullable(),
  cpa_window_days: z.int().nullable(),
  cpa_min_wagering: z.int().nullable(),
  revshare_tiers: z.array(z.object({ min_active_players: z.int(), percent: z.number() })),
  negative_carryover: z.boolean(),
});
export type PlanView = z.infer<typeof planSchema>;

export const affiliateSchema = z.object({
  id: z.string(),
  kind: z.enum(AFFILIATE_KINDS),
  name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  country: z.string(),
  website: z.string().nullable(),
  payout_method: z.enum(PAYOUT_METHODS),
  payout_details: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  two_factor: z.boolean(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  plan: planSchema.nullable(),
});
export type AffiliateView = z.infer<typeof affiliateSchema>;

export const affiliateUpdateBodySchema = z.object({
  contact_name: name('contact name').optional(),
  website: httpUrl('website', 200).nullable().optional(),
  country: country.optional(),
  payout_method: payoutMethod.optional(),
  payout_details: payoutDetails.optional(),
});

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorConfirmBodySchema = z.object({ code: z.string(required('code')).trim().max(20) });

const figures = {
  clicks: z.int(),
  registrations: z.int(),
  ftds: z.int(),
  cpa_qualified: z.int(),
  deposits: z.int(),
  ngr: z.int(),
};
export const figuresSchema = z.object(figures);
export type Figures = z.infer<typeof figuresSchema>;

const MONTH = z.string().regex(/^2\d{3}-(0[1-9]|1[0-2])$/, 'The month must be YYYY-MM.');
const DAY = z.string().regex(/^2\d{3}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.');
export const monthQuerySchema = z.object({ month: MONTH.optional() });

export const dashboardSchema = z.object({
  month: z.string(),
  currency: z.string(),
  totals: z.object({ ...figures, commission: z.int() }),
  days: z.array(z.object({ day: z.string(), ...figures })),
});

export const REPORT_GROUPS = ['day', 'link', 'sub'] as const;
export const reportQuerySchema = z.object({ from: DAY.optional(), to: DAY.optional(), group: z.enum(REPORT_GROUPS).optional() });
export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  currency: z.string(),
  rows: z.array(z.object({ key: z.string(), label: z.string(), ...figures })),
  totals: figuresSchema,
});
export type Report = z.infer<typeof reportSchema>;

export const affiliatePlayersSchema = z.object({
  data: z.array(
    z.object({
      player_ref: z.string(),
      registered_at: z.string(),
      sub: z.string().nullable(),
      link_token: z.string(),
      first_deposit_at: z.string().nullable(),
      cpa_qualified_at: z.string().nullable(),
      ngr: z.int(),
    }),
  ),
  currency: z.string(),
});

export const linkSchema = z.object({
  id: z.string(),
  token: z.string(),
  name: z.string().nullable(),
  landing_path: z.string(),
  sub: z.string().nullable(),
  url: z.string(),
  clicks: z.int(),
  registrations: z.int(),
  created_at: z.string(),
});
export type LinkView = z.infer<typeof linkSchema>;
export const linkCreateBodySchema = z.object({
  name: z.string().trim().max(80, 'The name may not be greater than 80 characters.').nullable().optional(),
  landing_path: z
    .string()
    .trim()
    .max(200, 'The landing page may not be greater than 200 characters.')
    .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/, 'The landing page must be a path on this site, starting with /.')
    .optional(),
  sub: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,50}$/, 'The sub-ID may only contain letters, digits, dots, dashes and underscores (at most 50).')
    .nullable()
    .optional(),
});

export const creativeSchema = z.object({
  id: z.string(),
  name: z.string(),
  width: z.int(),
  height: z.int(),
  mime: z.string(),
  image_url: z.string(),
  landing_path: z.string(),
  created_at: z.string(),
});
export const creativeIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,15}$/) });

export const statementSchema = z.object({
  id: z.string(),
  period: z.string(),
  kind: z.enum(['statement', 'correction']),
  corrects: z.string().nullable(),
  currency: z.string(),
  cpa_count: z.int(),
  cpa_amount: z.int(),
  ngr: z.int(),
  active_players: z.int(),
  revshare_percent: z.number(),
  revshare_amount: z.int(),
  carry_over_in: z.int(),
  carry_over_out: z.int(),
  commission: z.int(),
  note: z.string().nullable(),
  status: z.enum(STATEMENT_STATUSES),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type StatementView = z.infer<typeof statementSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  statement_id: z.string(),
  period: z.string(),
  amount: z.int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type PayoutView = z.infer<typeof payoutSchema>;

const postbackUrl = httpUrl('postback address', 500).nullable().optional();
export const postbackSettingsBodySchema = z.object({ registration: postbackUrl, first_deposit: postbackUrl, cpa_qualified: postbackUrl });
export const postbackSettingsSchema = z.object({
  signing_secret: z.string(),
  urls: z.object({ registration: z.string().nullable(), first_deposit: z.string().nullable(), cpa_qualified: z.string().nullable() }),
  macros: z.array(z.string()),
});
export const postbackLogItemSchema = z.object({
  id: z.string(),
  event: z.enum(POSTBACK_EVENTS),
  url: z.string(),
  player_ref: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export const pageQuerySchema = z.object({ page: PAGE.optional(), per_page: PER_PAGE.optional() });
export const postbackLogSchema = z.object({ data: z.array(postbackLogItemSchema), meta: pageMetaSchema });

// --- operator API -----------------------------------------------------------------------------------------
const ID = z.string().regex(/^[1-9][0-9]{0,15}$/, 'The id is invalid.');
export const idParamsSchema = z.object({ id: ID });

export const adminAffiliateSchema = affiliateSchema.extend({ links: z.int(), registrations: z.int(), ftds: z.int() });
export const adminAffiliateDetailSchema = adminAffiliateSchema.extend({ links_list: z.array(linkSchema) });
export const adminAffiliatesQuerySchema = z.object({ status: z.enum(AFFILIATE_STATUSES).optional(), page: PAGE.optional(), per_page: PER_PAGE.optional() });
export const adminAffiliatesPageSchema = z.object({ data: z.array(adminAffiliateSchema), meta: pageMetaSchema });
export const affiliateStatusBodySchema = z.object({
  status: z.enum(['approved', 'suspended'], { error: 'The status must be approved or suspended.' }),
  reason: actionReasonSchema,
});
export const affiliatePlanBodySchema = z.object({ plan_id: ID.nullable(), reason: actionReasonSchema });
export const reasonBodySchema = z.object({ reason: actionReasonSchema });
export const signInLinkSchema = z.object({ url: z.string(), expires_at: z.string() });

const minor = (field: string) => z.int(`The ${field} must be a whole number of cents.`).min(0, `The ${field} may not be negative.`).max(1_000_000_000);
export const planBodySchema = z.object({
  name: z.string(required('name')).trim().min(2, 'The name must be at least 2 characters.').max(80),
  type: z.enum(PLAN_TYPES, { error: 'The type must be cpa, revshare or hybrid.' }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'The currency must be a three-letter code.')
    .optional(),
  cpa_amount: minor('CPA amount').nullable().optional(),
  cpa_min_deposit: minor('qualifying deposit').nullable().optional(),
  cpa_window_days: z.int().min(1, 'The window must be 1 to 365 days.').max(365, 'The window must be 1 to 365 days.').nullable().optional(),
  cpa_min_wagering: minor('wagering threshold').nullable().optional(),
  revshare_tiers: z
    .array(
      z.object({
        min_active_players: z.int().min(0).max(1_000_000),
        percent: z
          .number()
          .min(0, 'A tier’s percent must be 0 to 100.')
          .max(100, 'A tier’s percent must be 0 to 100.')
          .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'A tier’s percent may have at most 2 decimals.'),
      }),
    )
    .max(20)
    .optional(),
  negative_carryover: z.boolean().optional(),
});
export type PlanBody = z.infer<typeof planBodySchema>;
export const planPatchBodySchema = planBodySchema.partial();

export const adminStatementSchema = statementSchema.extend({ affiliate_id: z.string(), affiliate_name: z.string() });
export const adminStatementsQuerySchema = z.object({
  status: z.enum(STATEMENT_STATUSES).optional(),
  period: MONTH.optional(),
  affiliate_id: ID.optional(),
  page: PAGE.optional(),
  per_page: PER_PAGE.optional(),
});
export const adminStatementsPageSchema = z.object({ data: z.array(adminStatementSchema), meta: pageMetaSchema });
export const correctionBodySchema = z.object({
  amount: z
    .int('The amount must be a whole number of cents.')
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((value) => value !== 0, 'The amount may not be zero.'),
  reason: actionReasonSchema,
});
export const adminPayoutSchema = payoutSchema.extend({
  affiliate_id: z.string(),
  affiliate_name: z.string(),
  requested_by: z.string(),
  requested_by_email: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_by_email: z.string().nullable(),
});
export const adminPayoutsQuerySchema = z.object({ status: z.enum(PAYOUT_STATUSES).optional(), page: PAGE.optional(), per_page: PER_PAGE.optional() });
export const adminPayoutsPageSchema = z.object({ data: z.array(adminPayoutSchema), meta: pageMetaSchema });
export const attributionFlagsBodySchema = z
  .object({
    test: z.boolean({ error: 'The test field must be true or false.' }).optional(),
    duplicate: z.boolean({ error: 'The duplicate field must be true or false.' }).optional(),
    reason: actionReasonSchema,
  })
  .refine((body) => body.test !== undefined || body.duplicate !== undefined, { message: 'Say test, duplicate or both.', path: ['test'] });
export const playerAffiliateSchema = z.object({
  id: z.string(),
  name: z.string(),
  link_token: z.string(),
  sub: z.string().nullable(),
  attributed_at: z.string(),
  test: z.boolean(),
  duplicate: z.boolean(),
});
export type PlayerAffiliate = z.infer<typeof playerAffiliateSchema>;

/**
 * POST /api/admin/affiliate-creatives, a multipart/form-data body: the text fields below and one `file` part (a
 * PNG, JPEG, GIF or WebP banner of at most 1 MB). The handler reads the parts and checks them with this schema.
 */
export const creativeUploadBodySchema = z.object({
  name: z.string().trim().min(2, 'The name must be at least 2 characters.').max(80, 'The name may not be greater than 80 characters.'),
  landing_path: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/, 'The landing page must be a path on this site, starting with /.')
    .optional(),
  file: z.literal(true, { error: 'Please choose an image to upload.' }),
});

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
const portal = { auth: 'affiliate' } as const;

/** The public application and sign-in, and the affiliate portal's own API behind its session. */
export const affiliateEndpoints = {
  apply: defineEndpoint({
    method: 'POST',
    path: '/api/affiliates/apply',
    body: affiliateApplyBodySchema,
    responses: { 201: affiliateApplyResponseSchema },
    auth: 'public',
    summary: 'Apply to the affiliate programme',
    operationId: 'applyAffiliate',
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/affiliates/login',
    body: affiliateLoginBodySchema,
    responses: { 200: affiliateLoginResponseSchema },
    auth: 'public',
    summary: 'Sign an affiliate in (or ask for the two-factor code)',
    operationId: 'loginAffiliate',
  }),
  linkSignIn: defineEndpoint({
    method: 'POST',
    path: '/api/affiliates/login/link',
    body: affiliateLinkSignInBodySchema,
    responses: { 200: affiliateSessionSchema },
    auth: 'public',
    summary: 'Sign an affiliate in with a one-time link from the operators',
    operationId: 'loginAffiliateWithLink',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/affiliates/logout',
    responses: { 204: noContent('Signed out; the session cookie is cleared.') },
    ...portal,
    summary: 'Sign the affiliate out',
    operationId: 'logoutAffiliate',
  }),
  creativeImage: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/creatives/:id/image',
    params: creativeIdParamsSchema,
    responses: { 200: fileAnswer('image/*', 'The banner image (PNG, JPEG, GIF or WebP), cacheable and embeddable on other sites.') },
    auth: 'public',
    summary: 'A creative’s banner image',
    operationId: 'getAffiliateCreativeImage',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/me',
    responses: { 200: dataOf(affiliateSchema) },
    ...portal,
    summary: 'The signed-in affiliate’s account',
    operationId: 'getAffiliateAccount',
  }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/api/affiliates/me',
    body: affiliateUpdateBodySchema,
    responses: { 200: dataOf(affiliateSchema) },
    ...portal,
    summary: 'Change the affiliate’s contact and payout details',
    operationId: 'updateAffiliateAccount',
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/api/affiliates/two-factor/setup',
    responses: { 200: dataOf(twoFactorSetupSchema) },
    ...portal,
    summary: 'Start setting up two-factor sign-in',
    operationId: 'startAffiliateTwoFactor',
  }),
  twoFactorConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/affiliates/two-factor/confirm',
    body: twoFactorConfirmBodySchema,
    responses: { 200: dataOf(z.object({ recovery_codes: z.array(z.string()) })) },
    ...portal,
    summary: 'Turn two-factor sign-in on with a code; answers the recovery codes',
    operationId: 'confirmAffiliateTwoFactor',
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/dashboard',
    query: monthQuerySchema,
    responses: { 200: dataOf(dashboardSchema) },
    ...portal,
    summary: 'A month’s figures and commission, by day',
    operationId: 'getAffiliateDashboard',
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/reports',
    query: reportQuerySchema,
    responses: { 200: dataOf(reportSchema) },
    ...portal,
    summary: 'The figures of a date range, by day, link or sub-ID',
    operationId: 'getAffiliateReport',
  }),
  reportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/reports.csv',
    query: reportQuerySchema,
    responses: { 200: fileAnswer('text/csv', 'The report as a CSV download.') },
    ...portal,
    summary: 'The figures of a date range as CSV',
    operationId: 'getAffiliateReportCsv',
  }),
  players: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/players',
    query: monthQuerySchema,
    responses: { 200: affiliatePlayersSchema },
    ...portal,
    summary: 'The players the affiliate referred, with a month’s net gaming revenue',
    operationId: 'listAffiliatePlayers',
  }),
  links: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/links',
    responses: { 200: dataOf(z.array(linkSchema)) },
    ...portal,
    summary: 'The affiliate’s tracking links',
    operationId: 'listAffiliateLinks',
  }),
  createLink: defineEndpoint({
    method: 'POST',
    path: '/api/affiliates/links',
    body: linkCreateBodySchema,
    responses: { 201: dataOf(linkSchema) },
    ...portal,
    summary: 'Make a tracking link',
    operationId: 'createAffiliateLink',
  }),
  creatives: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/creatives',
    responses: { 200: dataOf(z.array(creativeSchema)) },
    ...portal,
    summary: 'The banners affiliates may use',
    operationId: 'listAffiliateCreatives',
  }),
  statements: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/statements',
    responses: { 200: dataOf(z.array(statementSchema)) },
    ...portal,
    summary: 'The affiliate’s monthly commission statements',
    operationId: 'listAffiliateStatements',
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/payouts',
    responses: { 200: dataOf(z.array(payoutSchema)) },
    ...portal,
    summary: 'The affiliate’s payouts',
    operationId: 'listAffiliatePayouts',
  }),
  postbacks: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/postbacks',
    responses: { 200: dataOf(postbackSettingsSchema) },
    ...portal,
    summary: 'The affiliate’s postback addresses and signing secret',
    operationId: 'getAffiliatePostbacks',
  }),
  updatePostbacks: defineEndpoint({
    method: 'PUT',
    path: '/api/affiliates/postbacks',
    body: postbackSettingsBodySchema,
    responses: { 200: dataOf(postbackSettingsSchema) },
    ...portal,
    summary: 'Set the postback address of each event',
    operationId: 'updateAffiliatePostbacks',
  }),
  postbackLog: defineEndpoint({
    method: 'GET',
    path: '/api/affiliates/postbacks/log',
    query: pageQuerySchema,
    responses: { 200: postbackLogSchema },
    ...portal,
    summary: 'The postbacks sent and their outcomes, newest first',
    operationId: 'listAffiliatePostbackLog',
  }),
};

const read = { auth: 'operator', permission: 'affiliates.read' } as const;
const manage = { auth: 'operator', permission: 'affiliates.manage' } as const;
const pay = { auth: 'operator', permission: 'affiliates.pay' } as const;

/** The operators' affiliate API: `affiliates.read` sees, `affiliates.manage` runs the programme, `affiliates.pay` pays. */
export const adminAffiliateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/affiliates',
    query: adminAffiliatesQuerySchema,
    responses: { 200: adminAffiliatesPageSchema },
    ...read,
    summary: 'Affiliates, narrowed by status, a page at a time',
    operationId: 'listAdminAffiliates',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/admin/affiliates/:id',
    params: idParamsSchema,
    responses: { 200: dataOf(adminAffiliateDetailSchema) },
    ...read,
    summary: 'One affiliate, with their links',
    operationId: 'getAdminAffiliate',
  }),
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliates/:id/status',
    params: idParamsSchema,
    body: affiliateStatusBodySchema,
    responses: { 200: dataOf(adminAffiliateSchema) },
    ...manage,
    summary: 'Approve or suspend an affiliate, with the reason',
    operationId: 'setAdminAffiliateStatus',
  }),
  setPlan: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/affiliates/:id/plan',
    params: idParamsSchema,
    body: affiliatePlanBodySchema,
    responses: { 200: dataOf(adminAffiliateSchema) },
    ...manage,
    summary: 'Put an affiliate on a commission plan, or on none',
    operationId: 'setAdminAffiliatePlan',
  }),
  signInLink: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliates/:id/sign-in-link',
    params: idParamsSchema,
    body: reasonBodySchema,
    responses: { 200: dataOf(signInLinkSchema) },
    ...manage,
    summary: 'Issue a one-time sign-in link for an affiliate, with the reason',
    operationId: 'issueAdminAffiliateSignInLink',
  }),
  postbackLog: defineEndpoint({
    method: 'GET',
    path: '/api/admin/affiliates/:id/postbacks',
    params: idParamsSchema,
    query: pageQuerySchema,
    responses: { 200: postbackLogSchema },
    ...read,
    summary: 'An affiliate’s postbacks and their outcomes',
    operationId: 'listAdminAffiliatePostbacks',
  }),
  plans: defineEndpoint({
    method: 'GET',
    path: '/api/admin/affiliate-plans',
    responses: { 200: dataOf(z.array(planSchema)) },
    ...read,
    summary: 'The commission plans',
    operationId: 'listAdminAffiliatePlans',
  }),
  createPlan: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliate-plans',
    body: planBodySchema,
    responses: { 201: dataOf(planSchema) },
    ...manage,
    summary: 'Make a commission plan',
    operationId: 'createAdminAffiliatePlan',
  }),
  updatePlan: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/affiliate-plans/:id',
    params: idParamsSchema,
    body: planPatchBodySchema,
    responses: { 200: dataOf(planSchema) },
    ...manage,
    summary: 'Change a commission plan',
    operationId: 'updateAdminAffiliatePlan',
  }),
  creatives: defineEndpoint({
    method: 'GET',
    path: '/api/admin/affiliate-creatives',
    responses: { 200: dataOf(z.array(creativeSchema)) },
    ...read,
    summary: 'The banners affiliates may use',
    operationId: 'listAdminAffiliateCreatives',
  }),
  uploadCreative: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliate-creatives',
    body: creativeUploadBodySchema,
    consumes: ['multipart/form-data'],
    responses: { 201: dataOf(creativeSchema) },
    ...manage,
    summary: 'Upload a banner',
    operationId: 'uploadAdminAffiliateCreative',
  }),
  removeCreative: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/affiliate-creatives/:id',
    params: idParamsSchema,
    // The reason goes into the audit entry with the banner's name (decision 0099: every consequential action says why).
    body: reasonBodySchema,
    responses: { 204: noContent('The banner is removed.') },
    ...manage,
    summary: 'Remove a banner',
    operationId: 'deleteAdminAffiliateCreative',
  }),
  statements: defineEndpoint({
    method: 'GET',
    path: '/api/admin/affiliate-statements',
    query: adminStatementsQuerySchema,
    responses: { 200: adminStatementsPageSchema },
    ...read,
    summary: 'Commission statements, narrowed by status, month or affiliate',
    operationId: 'listAdminAffiliateStatements',
  }),
  approveStatement: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliate-statements/:id/approve',
    params: idParamsSchema,
    body: reasonBodySchema,
    responses: { 200: dataOf(statementSchema) },
    ...pay,
    summary: 'Approve a statement, with the reason',
    operationId: 'approveAdminAffiliateStatement',
  }),
  correctStatement: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliate-statements/:id/corrections',
    params: idParamsSchema,
    body: correctionBodySchema,
    responses: { 201: dataOf(statementSchema) },
    ...pay,
    summary: 'Correct a statement with a signed amount, as a new correction statement',
    operationId: 'correctAdminAffiliateStatement',
  }),
  requestPayout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliate-statements/:id/payout',
    params: idParamsSchema,
    body: reasonBodySchema,
    responses: { 200: dataOf(payoutSchema) },
    ...pay,
    summary: 'Pay an approved statement (above the four-eyes threshold it waits for another staff member)',
    operationId: 'requestAdminAffiliatePayout',
  }),
  approvePayout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/affiliate-payouts/:id/approve',
    params: idParamsSchema,
    body: reasonBodySchema,
    responses: { 200: dataOf(payoutSchema) },
    ...pay,
    summary: 'Approve and pay a payout another staff member asked for',
    operationId: 'approveAdminAffiliatePayout',
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/affiliate-payouts',
    query: adminPayoutsQuerySchema,
    responses: { 200: adminPayoutsPageSchema },
    ...read,
    summary: 'Affiliate payouts, narrowed by status',
    operationId: 'listAdminAffiliatePayouts',
  }),
  setAttributionFlags: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/affiliate-attributions/:id/flags',
    params: idParamsSchema,
    body: attributionFlagsBodySchema,
    responses: { 200: dataOf(playerAffiliateSchema) },
    ...manage,
    summary: 'Mark a player’s attribution as a test or a duplicate, with the reason',
    operationId: 'setAdminAffiliateAttributionFlags',
  }),
};
