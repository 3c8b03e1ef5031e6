import Pusher from 'pusher';
import type { RealtimePublicConfig } from '../../../contract/site.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import { Problem } from '../../problem.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { RealtimeApp } from '../../realtime/server.ts';

// Channel authorisation and the bridge from player events to the realtime server (DESIGN.md: Laravel Echo's
// names: private channel `private-App.Models.User.{id}`, events `App\Events\{name}`).

export const playerChannel = (playerId: number | string) => `private-App.Models.User.${playerId}`;
export const eventName = (name: string) => `App\\Events\\${name}`;

const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;
const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;#]{1,164}$/;

export type BroadcastingService = ReturnType<typeof createBroadcastingService>;

export function createBroadcastingService({
  app,
  events,
  logger,
}: {
  app: RealtimeApp;
  events: PlayerEvents;
  logger?: { warn: (o: object, m: string) => void };
}) {
  // The SDK only signs here; nothing is sent through it.
  const signer = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1' });
  let publisher: RealtimePublisher | null = null;
  let publicConfig: RealtimePublicConfig | null = null;

  events.subscribe(async (event) => {
    if (!publisher) return;
    try {
      await publisher.publish([playerChannel(event.playerId)], eventName(event.name), event.data);
    } catch (error) {
      logger?.warn({ err: error, event: event.name }, 'realtime publish failed');
    }
  });

  function checkSocket(socketId: unknown): string {
    if (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))
      throw new Problem(422, 'The socket id field is invalid.', { errors: { socket_id: ['The socket id field is invalid.'] } });
    return socketId;
  }

  return {
    app,

    /** From now on player events go out through `to`; browsers are told where to connect. */
    connect(to: RealtimePublisher, config: RealtimePublicConfig) {
      publisher = to;
      publicConfig = config;
    },

    publicConfig: (): RealtimePublicConfig | null => publicConfig,

    /** Signs a subscription: a player may only have their own private channel. */
    authorizeChannel(playerId: number, input: { socket_id?: unknown; channel_name?: unknown }): { auth: string } {
      const socketId = checkSocket(input.socket_id);
      const channel = input.channel_name;
      if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
        throw new Problem(422, 'The channel name field is invalid.', { errors: { channel_name: ['The channel name field is invalid.'] } });
      }
      if (channel !== playerChannel(playerId)) throw new Problem(403, 'You may not subscribe to this channel.');
      return signer.authorizeChannel(socketId, channel);
    },

    /** Signs the player in on the socket (`pusher:signin`); the user id is a non-empty string (SPEC.md §5). */
    authenticateUser(player: { id: number; email: string }, input: { socket_id?: unknown }): { auth: string; user_data: string } {
      const socketId = checkSocket(input.socket_id);
      return signer.authenticateUser(socketId, { id: String(player.id), user_info: { email: player.email } });
    },

    async close() {
      await publisher?.close?.();
      publisher = null;
    },
  };
}
