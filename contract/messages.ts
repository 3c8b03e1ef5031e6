// The player's inbox of operator messages (issue 7). Imports nothing of ours.

/** GET /api/player/messages → { data: PlayerMessage[], meta: { unread: number } } */
export type PlayerMessage = {
  id: string;
  subject: string;
  body: string;
  created_at: string;
  read_at: string | null;
};

export type MessagesMeta = { unread: number };

/** `MessageReceived` (namespace App.Events) on the player's private channel when an operator sends one. */
export type MessageReceived = { message: PlayerMessage; unread: number };

export const MESSAGE_LIMITS = { subject: 150, body: 5000 } as const;
