// The operator API (SPEC.md §7 admin routes): an operator's bearer token opens them. Imports nothing of ours
// outside contract/; the zod schemas are what the server validates and serialises with (decision 0027). The plain
// values (roles, statuses, tags, bounds) are in operators.rules.ts, which the console's bundles import instead of
// this file (no zod there), and are re-exported here.
import { z } from 'zod';
import { adminPlayerSchema, KYC_STATUSES } from './accounts.ts';
import { playerBonusSchema } from './bonuses.ts';
import { adminLoyaltySchema, vipSchema } from './clubs.ts';
import { gameRoundSchema } from './games.ts';
import { defineEndpoint, fileAnswer, noContent } from './endpoint.ts';
import { dataOf, matching, pageMetaSchema } from './http.ts';
import { playerLimitsSchema } from './limits.ts';
import { operatorMessageBodySchema, playerMessageSchema } from './messages.ts';
import { ACTIVATION_TYPES, publicSettingsSchema } from './site.ts';
import {
  ACTION_REASON,
  ADJUSTMENT_STATUSES,
  GAME_TAGS,
  MAX_STAKE_LIMIT,
  OUTBOX_STATUSES,
  ROUTE_RULE_STATUSES,
  STAFF_ROLE_NAMES,
  VIP_TIER_SLUGS,
} from './operators.rules.ts';
import { paymentIdParamsSchema, WITHDRAWAL_STATUSES, withdrawalSchema } from './wallet.ts';

export * from './operators.rules.ts';

/**
 * Why a consequential console action was taken (decision 0099): required, trimmed, 3–500 characters, kept in the
 * action's audit row (`after.reason`). A missing or short one is a 422 and changes nothing.
 */
export const actionReasonSchema = z
  .string()
  .trim()
  .min(ACTION_REASON.min)
  .max(ACTION_REASON.max)
  .meta({ description: 'Why the action is taken: 3–500 characters, kept in the audit log.' });

/** POST /api/admin/login body and answer. */
export const operatorLoginBodySchema = z.object({ email: z.string().max(254), password: z.string().max(1024) });
export const operatorLoginResponseSchema = z.object({ token: z.string(), expires_at: z.string() });

export const playerIdParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });
export const playersQuerySchema = z.object({ email: z.string().max(254).optional() });
/**
 * POST /api/admin/players/{id}/kyc body: an operator overrides the status documents gave (`unverified` is where players
 * start); `reason` is kept with the operator's id in the operator record.
 */
export const kycBodySchema = z.object({
  status: z.enum(KYC_STATUSES.filter((status) => status !== 'unverified') as ['pending', 'verified', 'rejected']),
  reason: z.string().trim().max(500).optional(),
});

export const withdrawalsQuerySchema = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
/** POST /api/admin/withdrawals/{id}/approve body: optional, with an optional note. */
export const withdrawalDecisionBodySchema = z
  .object({ note: z.string().max(500).optional() })
  .nullable()
  .optional();
/** POST /api/admin/withdrawals/{id}/reject body: the reason, kept with the decision and in the audit log. */
export const withdrawalRejectBodySchema = z.object({ reason: actionReasonSchema });

/** PUT /api/admin/settings body: any of the operator's settings; what is left out stays as it is. */
export const settingsBodySchema = z.object({
  registration_activation_type: z.enum(ACTIVATION_TYPES).optional(),
  maintenance: z.enum(['true', 'false']).optional(),
});
/** GET|PUT /api/admin/settings answer: the public settings and whether the MAINTENANCE variable overrides the switch. */
export const adminSettingsSchema = publicSettingsSchema.extend({ maintenance_locked: z.boolean() });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** POST /api/admin/login for staff with two-factor sign-in: a challenge for POST /api/admin/login/two-factor. */
export const operatorChallengeResponseSchema = z.object({ two_factor: z.literal(true), challenge: z.string() });
/** POST /api/admin/login/two-factor: a 6-digit code from the authenticator app, or one recovery code. */
export const twoFactorBodySchema = z.object({ challenge: z.string().max(200), code: z.string().max(40) });
export const enrolmentStartSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const enrolmentConfirmBodySchema = z.object({ code: z.string().max(40) });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** GET /api/admin/me: who is signed in and what they may do. */
export const staffMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  two_factor: z.boolean(),
  must_enrol: z.boolean(),
});
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  two_factor: z.boolean(),
  /** Until when the member's second factor is locked after too many wrong codes (decision 0099); null when it is not. */
  two_factor_locked_until: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffCreateBodySchema = z.object({
  email: z.email().max(254),
  password: z.string().min(12).max(128),
  role: z.enum(STAFF_ROLE_NAMES),
});
/** PATCH /api/admin/staff/{id}: a new role, or disabled/enabled, with the reason for the change. */
export const staffUpdateBodySchema = z.object({ role: z.enum(STAFF_ROLE_NAMES).optional(), disabled: z.boolean().optional(), reason: actionReasonSchema });
export const staffIdParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });
/** A staff password: at least 12 characters (decision 0080). */
const staffPasswordSchema = z.string().min(12).max(128);
/** POST /api/admin/staff/invitations: the new member's address and role; they choose their password from the link. */
export const staffInviteBodySchema = z.object({ email: z.email().max(254), role: z.enum(STAFF_ROLE_NAMES) });
/** POST /api/admin/staff/{id}/reset-password: why the admin resets it. */
export const staffPasswordResetBodySchema = z.object({ reason: actionReasonSchema });
export const staffLinkParamsSchema = z.object({ token: z.string().max(128) });
/** GET /api/admin/password-links/{token}: what a valid one-time link is for. */
export const staffLinkSchema = z.object({ email: z.string(), purpose: z.enum(['invite', 'reset']), expires_at: z.string() });
export type StaffLink = z.infer<typeof staffLinkSchema>;
export const staffLinkBodySchema = z.object({ password: staffPasswordSchema });
/** POST /api/admin/me/password: the member's own change. */
export const staffPasswordChangeBodySchema = z.object({ current_password: z.string().max(128), password: staffPasswordSchema });

/** A day (or instant) within the years a casino's records can hold: year 0000 or 9999 is refused, not sent to the database. */
const DAY_PATTERN = '(19|2\\d)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const ISO_DATE = matching(new RegExp(`^${DAY_PATTERN}(T[\\d:.]+(Z|[+-]\\d{2}:\\d{2})?)?$`));
const DAY = matching(new RegExp(`^${DAY_PATTERN}$`));
/** GET /api/admin/audit filters and page. */
export const auditQuerySchema = z.object({
  player_id: matching(/^[1-9][0-9]{0,14}$/).optional(),
  staff_id: matching(/^[1-9][0-9]{0,14}$/).optional(),
  action: z.string().max(100).optional(),
  from: ISO_DATE.optional(),
  to: ISO_DATE.optional(),
  page: matching(/^[1-9][0-9]{0,5}$/).optional(),
  per_page: matching(/^([1-9][0-9]?|100)$/).optional(),
});
export const auditRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  staff_id: z.string().nullable(),
  action: z.string(),
  player_id: z.string().nullable(),
  subject: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  hash: z.string(),
  prev_hash: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
export const auditVerificationSchema = z.object({
  intact: z.boolean(),
  rows: z.int(),
  first_broken_id: z.string().nullable(),
  reason: z.string().nullable(),
  /** The newest row verified, `{id, hash}`: kept outside the database, it is the next run's anchor. */
  head: z.object({ id: z.string(), hash: z.string() }).nullable(),
  /** Anchors whose rows were found with their hashes (the server's anchor file and the `anchor` asked about). */
  anchors_checked: z.int(),
});
/** GET /api/admin/audit/verify: `anchor=ID:HASH`, a head an earlier verification answered, checked as well. */
export const auditVerifyQuerySchema = z.object({
  anchor: z
    .string()
    .regex(/^[1-9]\d{0,15}:[0-9a-f]{64}$/)
    .optional(),
});

/** The staff sign-in, one's own session and two-factor set-up, staff accounts and the audit log (routes.ts). */
export const operatorEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    body: operatorLoginBodySchema,
    responses: { 200: z.union([operatorLoginResponseSchema, operatorChallengeResponseSchema]) },
    auth: 'public',
    summary: 'Staff sign-in: a session, or the challenge for the two-factor code',
    operationId: 'operatorLogin',
  }),
  twoFactor: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login/two-factor',
    body: twoFactorBodySchema,
    responses: { 200: operatorLoginResponseSchema },
    auth: 'public',
    summary: 'Complete a staff sign-in with the two-factor code',
    operationId: 'operatorLoginTwoFactor',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    responses: { 204: noContent('Signed out.') },
    auth: 'staff-session',
    summary: 'Staff sign-out',
    operationId: 'operatorLogout',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    responses: { 200: dataOf(staffMeSchema) },
    auth: 'staff-session',
    summary: 'The signed-in staff member, their role and permissions',
    operationId: 'getStaffMe',
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/api/admin/two-factor/setup',
    responses: { 200: dataOf(enrolmentStartSchema) },
    auth: 'staff-session',
    summary: 'Start setting up two-factor sign-in',
    operationId: 'startStaffTwoFactor',
  }),
  twoFactorConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/admin/two-factor/confirm',
    body: enrolmentConfirmBodySchema,
    responses: { 200: dataOf(recoveryCodesSchema) },
    auth: 'staff-session',
    summary: 'Confirm two-factor sign-in with a code; answers the recovery codes',
    operationId: 'confirmStaffTwoFactor',
  }),
  staffList: defineEndpoint({
    method: 'GET',
    path: '/api/admin/staff',
    responses: { 200: dataOf(z.array(staffMemberSchema)) },
    auth: 'operator',
    permission: 'staff.manage',
    summary: 'The staff accounts',
    operationId: 'listStaff',
  }),
  staffCreate: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff',
    body: staffCreateBodySchema,
    responses: { 201: dataOf(staffMemberSchema) },
    auth: 'operator',
    permission: 'staff.manage',
    summary: 'Create a staff account',
    operationId: 'createStaff',
  }),
  staffUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/staff/:id',
    params: staffIdParamsSchema,
    body: staffUpdateBodySchema,
    responses: { 200: dataOf(staffMemberSchema) },
    auth: 'operator',
    permission: 'staff.manage',
    summary: 'Change a staff member’s role, or disable the account',
    operationId: 'updateStaff',
  }),
  staffResetTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/reset-two-factor',
    params: staffIdParamsSchema,
    responses: { 200: dataOf(staffMemberSchema) },
    auth: 'operator',
    permission: 'staff.manage',
    summary: 'Reset a staff member’s two-factor sign-in',
    operationId: 'resetStaffTwoFactor',
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    query: auditQuerySchema,
    responses: { 200: z.object({ data: z.array(auditRecordSchema), meta: pageMetaSchema }) },
    auth: 'operator',
    permission: 'audit.read',
    summary: 'The audit log, filtered and paged',
    operationId: 'listAuditRecords',
  }),
  auditVerify: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/verify',
    query: auditVerifyQuerySchema,
    responses: { 200: dataOf(auditVerificationSchema) },
    auth: 'operator',
    permission: 'audit.read',
    summary: 'Verify the audit log’s hash chain (and an anchor)',
    operationId: 'verifyAuditLog',
  }),
  // Staff lifecycle (docs/decisions/0106-staff-lifecycle.md, staff-routes.ts): invitations and admin resets by
  // one-time link, the link's own two routes (no session: the link is the credential) and one's own password.
  inviteStaff: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff/invitations',
    body: staffInviteBodySchema,
    responses: { 201: dataOf(staffMemberSchema) },
    auth: 'operator',
    permission: 'staff.manage',
    summary: 'Invite a staff member: they choose their password from an e-mailed link',
    operationId: 'inviteStaff',
  }),
  resetStaffPassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/reset-password',
    params: staffIdParamsSchema,
    body: staffPasswordResetBodySchema,
    responses: { 200: dataOf(staffMemberSchema) },
    auth: 'operator',
    permission: 'staff.manage',
    summary: "Reset another staff member's password: their sessions end and a link is e-mailed",
    operationId: 'resetStaffPassword',
  }),
  passwordLink: defineEndpoint({
    method: 'GET',
    path: '/api/admin/password-links/:token',
    params: staffLinkParamsSchema,
    responses: { 200: dataOf(staffLinkSchema) },
    auth: 'public',
    summary: 'What a one-time password link is for, while it works',
    operationId: 'getStaffPasswordLink',
  }),
  usePasswordLink: defineEndpoint({
    method: 'POST',
    path: '/api/admin/password-links/:token',
    params: staffLinkParamsSchema,
    body: staffLinkBodySchema,
    responses: { 200: dataOf(staffLinkSchema.pick({ email: true })) },
    auth: 'public',
    summary: 'Choose a password with a one-time link',
    operationId: 'useStaffPasswordLink',
  }),
  changeOwnPassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/me/password',
    body: staffPasswordChangeBodySchema,
    responses: { 204: noContent('Password changed; other sessions ended.') },
    auth: 'staff-session',
    summary: "Change one's own password",
    operationId: 'changeStaffPassword',
  }),
};

/** POST /api/admin/players/{id}/adjustments: a signed amount in minor units (credit > 0, debit < 0) and a reason. */
export const adjustmentBodySchema = z.object({
  amount: z
    .int()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((n) => n !== 0, 'The amount must not be zero.'),
  reason: actionReasonSchema,
});
export const adjustmentSchema = z.object({
  id: z.string(),
  player_id: z.string(),
  amount: z.int(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** In the list: who the player is and who asked and decided (names, not ids). */
  player_name: z.string().nullable().optional(),
  player_email: z.string().nullable().optional(),
  requested_by_email: z.string().nullable().optional(),
  decided_by_email: z.string().nullable().optional(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentsQuerySchema = z.object({ status: z.enum(ADJUSTMENT_STATUSES).optional(), player_id: matching(/^[1-9][0-9]{0,14}$/).optional() });

export const staffNoteBodySchema = z.object({ body: z.string().trim().min(1).max(2000) });
export const staffNoteSchema = z.object({ id: z.string(), staff_id: z.string(), staff_email: z.string().nullable(), body: z.string(), created_at: z.string() });

/**
 * What the withdrawals queue shows beside a request so the reviewer sees the player's pattern at a glance
 * (issue 18): how they paid in, what they put in net, their bonus record, how old the account is, KYC.
 */
export const withdrawalRiskSchema = z.object({
  /** Methods of completed deposits: `card`, `crypto` (several when the player used both). */
  deposit_methods: z.array(z.enum(['card', 'crypto'])),
  /** Completed deposits minus paid withdrawals, ever, in minor units of the casino currency. */
  net_deposits: z.int(),
  bonuses: z.object({ active: z.int(), forfeited: z.int(), total: z.int() }),
  /** Whole days since registration. */
  account_age_days: z.int(),
  kyc_status: z.enum(KYC_STATUSES),
  /** An open compliance alert holds this player's withdrawals (docs/decisions/0114): approving is refused until it closes. */
  compliance_hold: z.boolean(),
});
export type WithdrawalRisk = z.infer<typeof withdrawalRiskSchema>;

/** A withdrawal in the operators' queue: whose it is and, above FOUR_EYES_THRESHOLD, who gave the first approval. */
export const adminWithdrawalSchema = withdrawalSchema.extend({
  player_id: z.string(),
  /** When the player's VIP tier promised a decision by; null for requests made before tiers applied. */
  review_due_at: z.string().nullable(),
  four_eyes: z.boolean(),
  first_approval_by: z.string().nullable(),
  /** In the queue's rows: who the player is, and who gave the first approval (names, not ids). */
  player_name: z.string().nullable().optional(),
  player_email: z.string().nullable().optional(),
  first_approval_email: z.string().nullable().optional(),
});
/** GET /api/admin/withdrawals rows: each request with its player's risk hints. */
export const adminWithdrawalRowSchema = adminWithdrawalSchema.extend({ risk: withdrawalRiskSchema });
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export type AdminWithdrawalRow = z.infer<typeof adminWithdrawalRowSchema>;

/** GET /api/admin/players/search: the console's player search and filters (CSV with format=csv). */
export const playerSearchQuerySchema = z.object({
  q: z.string().max(254).optional(),
  status: z.enum(['active', 'inactive', 'blocked']).optional(),
  kyc: z.enum(KYC_STATUSES).optional(),
  country: matching(/^[A-Za-z]{2}$/).optional(),
  from: DAY.optional(),
  to: DAY.optional(),
  vip: z.enum(VIP_TIER_SLUGS).optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export const playerRowSchema = adminPlayerSchema.extend({
  name: z.string(),
  country: z.string(),
  phone: z.string(),
  created_at: z.string(),
  vip_tier: z.enum(VIP_TIER_SLUGS),
  /** Kept from play now: during a time-out, a self-exclusion or the wait after one. */
  excluded: z.boolean(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;

/** POST /api/admin/players/{id}/block|unblock: the reason, kept in the audit log. */
export const blockBodySchema = z.object({ reason: actionReasonSchema });

export const playerDetailSchema = z.object({
  profile: adminPlayerSchema.extend({
    name: z.string(),
    surname: z.string(),
    birthdate: z.string(),
    country: z.string(),
    city: z.string(),
    address1: z.string(),
    postcode: z.string(),
    phone: z.string(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
    registration_ip: z.string().nullable(),
    logins: z.array(z.object({ method: z.string(), at: z.string(), last_used_at: z.string() })),
  }),
  wallet: z.object({
    currency: z.string(),
    cash: z.int(),
    bonus: z.int(),
    pending_withdrawals: z.int(),
    net_deposits: z.object({ lifetime: z.int(), this_month: z.int() }),
  }),
  transactions: z.array(z.object({ id: z.string(), type: z.string(), status: z.string(), amount: z.int(), currency: z.string(), created_at: z.string() })),
  messages: z.array(z.object({ id: z.string(), subject: z.string(), body: z.string(), created_at: z.string(), read_at: z.string().nullable() })),
  notes: z.array(staffNoteSchema),
  adjustments: z.array(adjustmentSchema),
  /** The latest 50 real-money rounds with their fairness data (the server seed once rotation revealed it). */
  rounds: z.array(gameRoundSchema),
  /** Every bonus, newest first, with its wagering progress. */
  bonuses: z.array(playerBonusSchema),
  /** Money limits (with pending changes), session settings and any time-out or self-exclusion. */
  limits: playerLimitsSchema,
  loyalty: adminLoyaltySchema,
  vip: vipSchema,
  /** The affiliate the player came through (docs/decisions/0107); null for none. */
  affiliate: z
    .object({
      id: z.string(),
      name: z.string(),
      link_token: z.string(),
      sub: z.string().nullable(),
      attributed_at: z.string(),
      test: z.boolean(),
      duplicate: z.boolean(),
    })
    .nullable(),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/** Which players a segment message is for: everyone, one country's or one VIP tier's. */
export const segmentQuerySchema = z.object({
  segment: z.enum(['all', 'country', 'vip_tier']),
  country: matching(/^[A-Za-z]{2}$/).optional(),
  /** With segment vip_tier: the players now in this tier. */
  tier: z.enum(VIP_TIER_SLUGS).optional(),
});
/**
 * POST /api/admin/messages/segment: one message to every player of a segment. It is marketing: players excluded
 * by rule (self-excluded, on a time-out, blocked or without marketing consent) never receive it.
 */
export const segmentMessageBodySchema = segmentQuerySchema.extend({
  subject: z.string().max(200),
  body: z.string().max(5000),
  reason: actionReasonSchema,
});
const excludedCount = z.int().min(0).meta({
  description: 'Players of the segment left out by rule: self-excluded, on a time-out, blocked or without marketing consent.',
});
/** GET /api/admin/messages/segment/preview: what a segment send would do now, before it is sent. */
export const segmentAudienceSchema = z.object({
  recipients: z.int().min(0).meta({ description: 'Players the message would reach.' }),
  excluded: excludedCount,
});
export type SegmentAudience = z.infer<typeof segmentAudienceSchema>;
/** POST /api/admin/messages/segment's answer: how many received it, and how many were left out by rule. */
export const segmentSentSchema = z.object({ sent: z.int().min(0).meta({ description: 'Players the message reached.' }), excluded: excludedCount });

/** GET /api/admin/reports/dashboard|games?days=1|7|30 (1 = today, UTC). */
export const reportQuerySchema = z.object({ days: z.enum(['1', '7', '30']).optional() });
const dailyFiguresSchema = z.object({
  day: z.string(),
  registrations: z.int(),
  first_depositors: z.int(),
  deposits: z.int(),
  withdrawals: z.int(),
  stakes: z.int(),
  wins: z.int(),
  ggr: z.int(),
  bonus_cost: z.int(),
  /** Approved adjustments: credited to players less debited from them (docs/decisions/0103-operator-reports.md). */
  adjustments: z.int(),
  /** GGR − bonus cost − adjustments. */
  ngr: z.int(),
  active_players: z.int(),
});
export type DailyFigures = z.infer<typeof dailyFiguresSchema>;
export const dashboardSchema = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  totals: dailyFiguresSchema.omit({ day: true }),
  daily: z.array(dailyFiguresSchema),
  queues: z.object({ withdrawals: z.int(), adjustments: z.int() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const gameReportSchema = z.object({
  game_id: z.string(),
  name: z.string(),
  theoretical_rtp: z.number().nullable(),
  observed_rtp: z.number().nullable(),
  interval: z.tuple([z.number(), z.number()]).nullable(),
  rounds: z.int(),
  stakes: z.int(),
  wins: z.int(),
  /** The theoretical RTP lies outside the observed 95 % interval. */
  out_of_line: z.boolean(),
});
export type GameReport = z.infer<typeof gameReportSchema>;

const stakeLimit = z.int().min(1).max(MAX_STAKE_LIMIT);
/** GET /api/admin/games: every game with what an operator may change. */
export const adminGameSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  provider: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  enabled: z.boolean(),
  min_stake: z.int(),
  max_stake: z.int(),
  /** Stakes move in these steps (a slot's line count), so both limits must be multiples of it. */
  stake_step: z.int(),
  rtp: z.number(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;
/** GET /api/admin/games: the games, and the categories and tags an operator may choose from. */
export const adminGamesSchema = z.object({
  games: z.array(adminGameSchema),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  tags: z.array(z.string()),
});
export type AdminGames = z.infer<typeof adminGamesSchema>;
export const gameSlugParamsSchema = z.object({ slug: matching(/^[a-z0-9-]{1,64}$/) });
/** PUT /api/admin/games/{slug}: any of these; what is left out stays as it is. */
export const adminGameBodySchema = z.object({
  enabled: z.boolean().optional(),
  category: matching(/^[a-z0-9-]{1,64}$/).optional(),
  tags: z.array(z.enum(GAME_TAGS)).max(GAME_TAGS.length).optional(),
  min_stake: stakeLimit.optional(),
  max_stake: stakeLimit.optional(),
});
export type AdminGameBody = z.infer<typeof adminGameBodySchema>;

/** A redirect of the player site (SPEC.md "Global route rules"). */
export const adminRouteRuleSchema = z.object({ id: z.int(), source: z.string(), target: z.string(), status: z.int(), created_at: z.string() });
export type AdminRouteRule = z.infer<typeof adminRouteRuleSchema>;
/** POST /api/admin/route-rules and PUT /api/admin/route-rules/{id}: the paths are checked by the server (422 naming the field). */
export const routeRuleBodySchema = z.object({
  source: z.string().trim().min(1).max(200),
  target: z.string().trim().min(1).max(500),
  status: z.literal(ROUTE_RULE_STATUSES, { error: 'The status must be 301, 302, 307 or 308.' }),
});
export const routeRuleIdParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,9}$/) });

/** GET /api/admin/outbox?status=: mail and SMS on their way out; without a status, the failed and pending ones. */
export const outboxQuerySchema = z.object({ status: z.enum(OUTBOX_STATUSES).optional() });
/** One outgoing message; the recipient is masked (the console shows no personal data it does not need). */
export const outboxItemSchema = z.object({
  id: z.string(),
  channel: z.enum(['mail', 'sms', 'webhook']),
  template: z.string(),
  recipient: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxIdParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });

/** Money on the operator API, under four-eyes control: withdrawals and balance adjustments (money-routes.ts). */
export const moneyEndpoints = {
  withdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/withdrawals',
    query: withdrawalsQuerySchema,
    responses: { 200: dataOf(z.array(adminWithdrawalRowSchema)) },
    auth: 'operator',
    permission: 'withdrawals.read',
    summary: 'The withdrawals queue, with each player’s risk hints (recorded in the audit log)',
    operationId: 'listAdminWithdrawals',
  }),
  approveWithdrawal: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/approve',
    params: paymentIdParamsSchema,
    body: withdrawalDecisionBodySchema,
    responses: { 200: dataOf(adminWithdrawalSchema), 202: dataOf(adminWithdrawalSchema) },
    status: 200,
    auth: 'operator',
    permission: 'withdrawals.decide',
    summary: 'Approve a withdrawal: 200 when paid out, 202 when it waits for a second approval',
    operationId: 'approveWithdrawal',
  }),
  rejectWithdrawal: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/reject',
    params: paymentIdParamsSchema,
    body: withdrawalRejectBodySchema,
    responses: { 200: dataOf(adminWithdrawalSchema) },
    auth: 'operator',
    permission: 'withdrawals.decide',
    summary: 'Reject a withdrawal, with a reason',
    operationId: 'rejectWithdrawal',
  }),
  requestAdjustment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/adjustments',
    params: playerIdParamsSchema,
    body: adjustmentBodySchema,
    responses: { 201: dataOf(adjustmentSchema) },
    auth: 'operator',
    permission: 'adjustments.request',
    summary: 'Request a manual balance adjustment, for another staff member to decide',
    operationId: 'requestAdjustment',
  }),
  adjustments: defineEndpoint({
    method: 'GET',
    path: '/api/admin/adjustments',
    query: adjustmentsQuerySchema,
    responses: { 200: dataOf(z.array(adjustmentSchema)) },
    auth: 'operator',
    permission: 'adjustments.request',
    summary: 'The balance adjustments, requested and decided',
    operationId: 'listAdjustments',
  }),
  approveAdjustment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/adjustments/:id/approve',
    params: paymentIdParamsSchema,
    responses: { 200: dataOf(adjustmentSchema) },
    auth: 'operator',
    permission: 'adjustments.decide',
    summary: 'Approve a balance adjustment',
    operationId: 'approveAdjustment',
  }),
  rejectAdjustment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/adjustments/:id/reject',
    params: paymentIdParamsSchema,
    responses: { 200: dataOf(adjustmentSchema) },
    auth: 'operator',
    permission: 'adjustments.decide',
    summary: 'Reject a balance adjustment',
    operationId: 'rejectAdjustment',
  }),
};

/** Players, messages and settings on the operator API (player-routes.ts). */
export const playerAdminEndpoints = {
  players: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players',
    query: playersQuerySchema,
    responses: { 200: dataOf(z.array(adminPlayerSchema)) },
    auth: 'operator',
    permission: 'players.read',
    summary: 'Find players by e-mail (recorded in the audit log)',
    operationId: 'listAdminPlayers',
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/search',
    query: playerSearchQuerySchema,
    responses: { 200: dataOf(z.array(playerRowSchema)) },
    auth: 'operator',
    permission: 'players.read',
    summary: 'Search players by name, status, KYC, country, sign-up day and VIP tier (recorded in the audit log)',
    operationId: 'searchAdminPlayers',
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/export',
    query: playerSearchQuerySchema,
    responses: { 200: fileAnswer('text/csv', 'The players found, as CSV.') },
    auth: 'operator',
    permission: 'players.read',
    summary: 'Export a player search as CSV (recorded in the audit log)',
    operationId: 'exportAdminPlayers',
  }),
  player: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/:id',
    params: playerIdParamsSchema,
    responses: { 200: dataOf(playerDetailSchema) },
    auth: 'operator',
    permission: 'players.read',
    summary: 'A player’s page: profile, money, play, messages, notes, limits and loyalty (recorded in the audit log)',
    operationId: 'getAdminPlayer',
  }),
  block: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/block',
    params: playerIdParamsSchema,
    body: blockBodySchema,
    responses: { 200: dataOf(adminPlayerSchema) },
    auth: 'operator',
    permission: 'players.block',
    summary: 'Block a player, with a reason',
    operationId: 'blockPlayer',
  }),
  unblock: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/unblock',
    params: playerIdParamsSchema,
    body: blockBodySchema,
    responses: { 200: dataOf(adminPlayerSchema) },
    auth: 'operator',
    permission: 'players.block',
    summary: 'Unblock a player, with a reason',
    operationId: 'unblockPlayer',
  }),
  kyc: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/kyc',
    params: playerIdParamsSchema,
    body: kycBodySchema,
    responses: { 200: dataOf(adminPlayerSchema) },
    auth: 'operator',
    permission: 'kyc.decide',
    summary: 'Set a player’s KYC status directly',
    operationId: 'setPlayerKycStatus',
  }),
  note: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:id/notes',
    params: playerIdParamsSchema,
    body: staffNoteBodySchema,
    responses: { 201: dataOf(staffNoteSchema) },
    auth: 'operator',
    permission: 'players.notes',
    summary: 'Add a staff note to a player',
    operationId: 'addPlayerNote',
  }),
  message: defineEndpoint({
    method: 'POST',
    path: '/api/admin/messages',
    body: operatorMessageBodySchema,
    responses: { 201: dataOf(playerMessageSchema) },
    auth: 'operator',
    permission: 'messages.send',
    summary: 'Send a player a message (marketing ones follow the marketing rule)',
    operationId: 'sendPlayerMessage',
  }),
  segmentPreview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/messages/segment/preview',
    query: segmentQuerySchema,
    responses: { 200: dataOf(segmentAudienceSchema) },
    auth: 'operator',
    permission: 'messages.send',
    summary: 'Who a message to a segment would reach now',
    operationId: 'previewSegmentMessage',
  }),
  segmentMessage: defineEndpoint({
    method: 'POST',
    path: '/api/admin/messages/segment',
    body: segmentMessageBodySchema,
    responses: { 201: dataOf(segmentSentSchema) },
    auth: 'operator',
    permission: 'messages.send',
    summary: 'Send a marketing message to a segment of players',
    operationId: 'sendSegmentMessage',
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/settings',
    responses: { 200: dataOf(adminSettingsSchema) },
    auth: 'operator',
    permission: 'settings.manage',
    summary: 'The site’s settings',
    operationId: 'getAdminSettings',
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/settings',
    body: settingsBodySchema,
    responses: { 200: dataOf(adminSettingsSchema) },
    auth: 'operator',
    permission: 'settings.manage',
    summary: 'Change the activation type or the maintenance switch',
    operationId: 'updateAdminSettings',
  }),
};

/** Operations on the operator API: games, the site's route rules and the outbox of mail and SMS (ops-routes.ts). */
export const opsEndpoints = {
  games: defineEndpoint({
    method: 'GET',
    path: '/api/admin/games',
    responses: { 200: dataOf(adminGamesSchema) },
    auth: 'operator',
    permission: 'games.manage',
    summary: 'The games with their settings, the categories and the tags',
    operationId: 'listAdminGames',
  }),
  updateGame: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/games/:slug',
    params: gameSlugParamsSchema,
    body: adminGameBodySchema,
    responses: { 200: dataOf(adminGameSchema) },
    auth: 'operator',
    permission: 'games.manage',
    summary: 'Switch a game on or off, or change its category, tags and stake limits',
    operationId: 'updateAdminGame',
  }),
  routeRules: defineEndpoint({
    method: 'GET',
    path: '/api/admin/route-rules',
    responses: { 200: dataOf(z.array(adminRouteRuleSchema)) },
    auth: 'operator',
    permission: 'settings.manage',
    summary: 'The site’s redirects',
    operationId: 'listRouteRules',
  }),
  addRouteRule: defineEndpoint({
    method: 'POST',
    path: '/api/admin/route-rules',
    body: routeRuleBodySchema,
    responses: { 201: dataOf(adminRouteRuleSchema) },
    auth: 'operator',
    permission: 'settings.manage',
    summary: 'Add a redirect',
    operationId: 'createRouteRule',
  }),
  updateRouteRule: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/route-rules/:id',
    params: routeRuleIdParamsSchema,
    body: routeRuleBodySchema,
    responses: { 200: dataOf(adminRouteRuleSchema) },
    auth: 'operator',
    permission: 'settings.manage',
    summary: 'Change a redirect',
    operationId: 'updateRouteRule',
  }),
  deleteRouteRule: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/route-rules/:id',
    params: routeRuleIdParamsSchema,
    responses: { 204: noContent('The redirect is gone.') },
    auth: 'operator',
    permission: 'settings.manage',
    summary: 'Remove a redirect',
    operationId: 'deleteRouteRule',
  }),
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/admin/outbox',
    query: outboxQuerySchema,
    responses: { 200: dataOf(z.array(outboxItemSchema)) },
    auth: 'operator',
    permission: 'outbox.manage',
    summary: 'Outgoing mail and SMS, failed and pending unless a status is asked for',
    operationId: 'listOutbox',
  }),
  retryOutbox: defineEndpoint({
    method: 'POST',
    path: '/api/admin/outbox/:id/retry',
    params: outboxIdParamsSchema,
    responses: { 200: dataOf(outboxItemSchema) },
    auth: 'operator',
    permission: 'outbox.manage',
    summary: 'Send a failed or pending message again now',
    operationId: 'retryOutboxMessage',
  }),
};
