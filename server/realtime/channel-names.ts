export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user';

// Pusher's channel alphabet and length limit, as the `pusher` SDK validates them.
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
export const USER_CHANNEL_PREFIX = '#server-to-user-';
/** Pusher's limit on a presence user id; user channels carry one too. */
export const MAX_USER_ID_LENGTH = 128;
export const MAX_EVENT_NAME_LENGTH = 200;

/** The kind of a valid channel name, or undefined when the name is not one Pusher allows. */
export function channelKind(name: string): ChannelKind | undefined {
  if (name.startsWith(USER_CHANNEL_PREFIX)) {
    const userId = name.slice(USER_CHANNEL_PREFIX.length);
    return userId.length > 0 && userId.length <= MAX_USER_ID_LENGTH && !/[\r\n]/.test(userId) ? 'user' : undefined;
  }
  if (!CHANNEL_NAME.test(name)) return undefined;
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

/** Pusher's cache channels: `cache-`, `private-cache-`, `presence-cache-`, `private-encrypted-cache-`. */
export function isCacheChannel(name: string): boolean {
  return /^(?:private-encrypted-|private-|presence-)?cache-/.test(name);
}

/** Pusher's limit on the users one connection may watch. */
export const MAX_WATCHLIST = 100;
