// The player's inbox of operator messages (issue 7). Imports nothing of ours outside contract/.
import { z } from 'zod';
import { defineEndpoint, noContent } from './endpoint.ts';
import { dataOf, matching } from './http.ts';

/** GET /api/player/messages → { data: PlayerMessage[], meta: { unread: number } } */
export const playerMessageSchema = z
  .object({ id: z.string(), subject: z.string(), body: z.string(), created_at: z.string(), read_at: z.string().nullable() })
  .meta({ id: 'PlayerMessage' });
export type PlayerMessage = z.infer<typeof playerMessageSchema>;

export const messagesMetaSchema = z.object({ unread: z.int() });
export const inboxSchema = z.object({ data: z.array(playerMessageSchema), meta: messagesMetaSchema });
export const messageIdParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });

/** `MessageReceived` (namespace App.Events) on the player's private channel when an operator sends one. */
export type MessageReceived = { message: PlayerMessage; unread: number };

export const MESSAGE_LIMITS = { subject: 150, body: 5000 } as const;

/**
 * POST /api/admin/messages body: the player's id as text or a number. A service message (their KYC, their
 * account) reaches the player whatever their exclusions; one marked `marketing` is refused (422) for a player
 * excluded by rule: self-excluded, on a time-out, blocked or without marketing consent.
 */
export const operatorMessageBodySchema = z.object({
  player_id: z.union([matching(/^[1-9][0-9]{0,14}$/), z.int().min(1).max(Number.MAX_SAFE_INTEGER)]),
  subject: z.string().min(1).max(MESSAGE_LIMITS.subject),
  body: z.string().min(1).max(MESSAGE_LIMITS.body),
  marketing: z.boolean().optional(),
});

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const messageEndpoints = {
  inbox: defineEndpoint({
    method: 'GET',
    path: '/api/player/messages',
    responses: { 200: inboxSchema },
    auth: 'player',
    summary: 'The player’s messages and how many are unread',
    operationId: 'listMessages',
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/player/messages/:id/read',
    params: messageIdParamsSchema,
    responses: { 200: dataOf(playerMessageSchema) },
    auth: 'player',
    summary: 'Mark a message read',
    operationId: 'markMessageRead',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/player/messages/:id',
    params: messageIdParamsSchema,
    responses: { 204: noContent('The message is deleted.') },
    auth: 'player',
    summary: 'Delete a message',
    operationId: 'deleteMessage',
  }),
};
