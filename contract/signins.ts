import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { matching } from './http.ts';

// Sign-ins, sessions, linked accounts and game-round recall (issue 33 §1, §3 and §7; docs/decisions/0112 and 0113).

/** A session's net result: wins less stakes between its sign-in and its end (or now), in minor units. */
export const sessionNetSchema = z
  .object({
    signed_in_at: z.string(),
    /** The logout, else the last request seen; null while it is the session in progress. */
    ended_at: z.string().nullable(),
    stakes: z.int(),
    wins: z.int(),
    net: z.int(),
    currency: z.string(),
  })
  .meta({ id: 'SessionNet' });
export type SessionNet = z.infer<typeof sessionNetSchema>;

/** GET /api/player/previous-session → { data: SessionNet | null }: the session before this one (Pennsylvania §812a.9). */
export const previousSessionSchema = z.object({ data: sessionNetSchema.nullable() });

/** One step of a recalled round: what the player did or what happened, in words, and its money where it has some. */
export const recallStepSchema = z.object({ text: z.string(), amount: z.int().nullable() });
export type RecallStep = z.infer<typeof recallStepSchema>;

/** A recalled round: our games, crash or an aggregator's game, with its steps and its result sentence. */
export const recalledRoundSchema = z
  .object({
    id: z.string(),
    source: z.enum(['game', 'crash', 'provider']),
    game_name: z.string(),
    played_at: z.string(),
    status: z.enum(['open', 'settled']),
    currency: z.string(),
    stake: z.int(),
    win: z.int(),
    /** The provider's own round id, for provider games. */
    provider_round: z.string().nullable(),
    steps: z.array(recallStepSchema),
  })
  .meta({ id: 'RecalledRound' });
export type RecalledRound = z.infer<typeof recalledRoundSchema>;

/** GET /api/player/recall → the last game and the nine before it, newest first, and the last sessions' net results. */
export const recallSchema = z.object({ data: z.object({ rounds: z.array(recalledRoundSchema), sessions: z.array(sessionNetSchema) }) });
export type Recall = z.infer<typeof recallSchema>['data'];

/** A sign-in as staff see it on the player page. */
export const staffSignInSchema = z.object({
  id: z.int(),
  method: z.enum(['password', 'magic-link']),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  ended_at: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  device_id: z.string().nullable(),
});
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

export const LINK_REASONS = ['device', 'payment', 'address', 'phone', 'ip'] as const;
/** A linked account with every reason found, for staff. */
export const linkedAccountSchema = z.object({
  player_id: z.int(),
  email: z.string().nullable(),
  duplicate: z.boolean(),
  reasons: z.array(z.object({ reason: z.enum(LINK_REASONS), detail: z.string(), found_at: z.string() })),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/** GET /api/admin/players/{id}/sign-ins → the newest sign-ins, the linked accounts and the duplicate flag. */
export const playerSignInsSchema = z.object({
  data: z.object({
    sign_ins: z.array(staffSignInSchema),
    linked: z.array(linkedAccountSchema),
    duplicate: z.object({ reason: z.string(), flagged_at: z.string(), flagged_by: z.int() }).nullable(),
  }),
});
export type PlayerSignIns = z.infer<typeof playerSignInsSchema>['data'];

/** PUT /api/admin/players/{id}/duplicate: flag as a duplicate account, or clear the flag, with a reason for the audit log. */
export const duplicateBodySchema = z.object({ duplicate: z.boolean(), reason: z.string().trim().min(3).max(500) });

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
// The player's id, as contract/operators.ts has it (that one is not imported: it imports most of the contract).
const playerIdParams = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });

export const signInEndpoints = {
  previousSession: defineEndpoint({
    method: 'GET',
    path: '/api/player/previous-session',
    responses: { 200: previousSessionSchema },
    auth: 'player',
    summary: 'The player’s previous session: its stakes, wins and net',
    operationId: 'getPreviousSession',
  }),
  recall: defineEndpoint({
    method: 'GET',
    path: '/api/player/recall',
    responses: { 200: recallSchema },
    auth: 'player',
    summary: 'The player’s last rounds and sessions (round recall)',
    operationId: 'getRecall',
  }),
  staffView: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/:id/sign-ins',
    params: playerIdParams,
    responses: { 200: playerSignInsSchema },
    auth: 'operator',
    permission: 'players.read',
    summary: 'A player’s sign-ins and linked accounts (recorded in the audit log)',
    operationId: 'getPlayerSignIns',
  }),
  duplicate: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/players/:id/duplicate',
    params: playerIdParams,
    body: duplicateBodySchema,
    responses: { 200: playerSignInsSchema },
    auth: 'operator',
    permission: 'players.block',
    summary: 'Flag or clear a player as a duplicate account',
    operationId: 'setPlayerDuplicate',
  }),
};
