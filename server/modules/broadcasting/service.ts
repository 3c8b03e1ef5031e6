import { createHash, createHmac } from 'node:crypto';
import Pusher from 'pusher';
import type { RealtimePublicConfig } from '../../../contract/site.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import { Problem } from '../../problem.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { RealtimeApp } from '../../realtime/server.ts';
import type { WebhookEvent } from '../../realtime/webhooks.ts';

// Channel authorisation and the bridge from player events to the realtime server (DESIGN.md: Laravel Echo's
// names: private channel `private-App.Models.User.{id}`, events `App\Events\{name}`). Which channels a
// player may join, and what a presence channel tells others about them: docs/decisions/0087.

export const playerChannel = (playerId: number | string) => `private-App.Models.User.${playerId}`;
/** Echo's encryptedPrivate('App.Models.User.{id}'): the same events' channel, end-to-end encrypted. */
export const encryptedPlayerChannel = (playerId: number | string) => `private-encrypted-App.Models.User.${playerId}`;
export const eventName = (name: string) => `App\\Events\\${name}`;
/** Echo's join('game.{slug}'): the players on a game's play page, so the lobby can say "N playing now". */
export const GAME_PRESENCE_PREFIX = 'presence-game.';
/** The public channel the lobby listens on for PlayingNow. */
export const LOBBY_CHANNEL = 'lobby';

const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;
const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;#]{1,164}$/;
const GAME_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

export type BroadcastingService = ReturnType<typeof createBroadcastingService>;

/**
 * Pusher's encryption master key: the configured one, else one derived from the app secret, so that a
 * development install has encrypted channels without configuration and keeps the key across restarts.
 */
export function encryptionMasterKeyFor(app: RealtimeApp, configured: string | undefined): string {
  return configured ?? createHmac('sha256', app.secret).update('croupier realtime encryption master key').digest('base64');
}

/** Pusher's per-channel secret for a private-encrypted channel: SHA-256 of the channel name followed by the master key. */
export function channelSharedSecret(channel: string, masterKeyBase64: string): Buffer {
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(channel), Buffer.from(masterKeyBase64, 'base64')]))
    .digest();
}

export function createBroadcastingService({
  app,
  events,
  logger,
  encryptionMasterKey,
}: {
  app: RealtimeApp;
  events: PlayerEvents;
  logger?: { warn: (o: object, m: string) => void };
  /** Base64 of 32 bytes (REALTIME_ENCRYPTION_MASTER_KEY); derived from the app secret when omitted. */
  encryptionMasterKey?: string;
}) {
  const masterKey = encryptionMasterKeyFor(app, encryptionMasterKey);
  // The SDK only signs here; nothing is sent through it.
  const signer = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', encryptionMasterKeyBase64: masterKey });
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

  /**
   * A player's presence id: stable across their tabs (so they count once) but not their account id, and the
   * same secret-keyed digest for every game, so nothing personal is shared with the others in the channel.
   */
  const presenceId = (playerId: number) => createHmac('sha256', app.secret).update(`presence:${playerId}`).digest('hex').slice(0, 20);

  async function playingNow(): Promise<Record<string, number>> {
    if (!publisher?.presenceCounts) return {};
    const counts = await publisher.presenceCounts(GAME_PRESENCE_PREFIX);
    const bySlug: Record<string, number> = {};
    for (const [channel, count] of counts) {
      const slug = channel.slice(GAME_PRESENCE_PREFIX.length);
      if (GAME_SLUG.test(slug) && count > 0) bySlug[slug] = count;
    }
    return bySlug;
  }

  return {
    app,
    masterKey,

    /** From now on player events go out through `to`; browsers are told where to connect. */
    connect(to: RealtimePublisher, config: RealtimePublicConfig) {
      publisher = to;
      publicConfig = config;
    },

    publicConfig: (): RealtimePublicConfig | null => publicConfig,

    /** Broadcasts on a public channel (the crash table's); best effort, like player events. */
    publishPublic(channel: string, name: string, data: unknown): void {
      if (!publisher) return;
      publisher.publish([channel], eventName(name), data).catch((error: unknown) => logger?.warn({ err: error, event: name }, 'realtime publish failed'));
    },

    /**
     * Signs a subscription. A player may have their own private channel, its encrypted twin (answered with
     * Pusher's shared_secret) and any game's presence channel; nothing else.
     */
    authorizeChannel(
      playerId: number,
      input: { socket_id?: unknown; channel_name?: unknown },
    ): { auth: string; channel_data?: string; shared_secret?: string } {
      const socketId = checkSocket(input.socket_id);
      const channel = input.channel_name;
      if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
        throw new Problem(422, 'The channel name field is invalid.', { errors: { channel_name: ['The channel name field is invalid.'] } });
      }
      if (channel === playerChannel(playerId) || channel === encryptedPlayerChannel(playerId)) return signer.authorizeChannel(socketId, channel);
      if (channel.startsWith(GAME_PRESENCE_PREFIX) && GAME_SLUG.test(channel.slice(GAME_PRESENCE_PREFIX.length))) {
        const id = presenceId(playerId);
        return signer.authorizeChannel(socketId, channel, { user_id: id, user_info: { id } });
      }
      throw new Problem(403, 'You may not subscribe to this channel.');
    },

    /**
     * Signs the player in on the socket (`pusher:signin`); the user id is a non-empty string (SPEC.md §5). Nothing
     * else: the realtime server (perhaps a hosted one) needs the id to route user events, and no personal data.
     */
    authenticateUser(player: { id: number }, input: { socket_id?: unknown }): { auth: string; user_data: string } {
      const socketId = checkSocket(input.socket_id);
      return signer.authenticateUser(socketId, { id: String(player.id) });
    },

    /** Players on each game's play page now, by game slug (games nobody plays are left out). */
    playingNow,

    /**
     * What the realtime server saw (its webhook events): a game's presence changing is told to the lobby as
     * `App\Events\PlayingNow` {game, count}.
     */
    async realtimeEvent(event: WebhookEvent): Promise<void> {
      if (event.name !== 'member_added' && event.name !== 'member_removed' && event.name !== 'channel_vacated') return;
      if (!event.channel.startsWith(GAME_PRESENCE_PREFIX) || !publisher?.presenceCounts) return;
      const slug = event.channel.slice(GAME_PRESENCE_PREFIX.length);
      if (!GAME_SLUG.test(slug)) return;
      try {
        const count = (await publisher.presenceCounts(event.channel)).get(event.channel) ?? 0;
        await publisher.publish([LOBBY_CHANNEL], eventName('PlayingNow'), { game: slug, count });
      } catch (error) {
        logger?.warn({ err: error }, 'playing-now update failed');
      }
    },

    async close() {
      await publisher?.close?.();
      publisher = null;
    },
  };
}
