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

// The app's private channel families without their `private-` prefix: Laravel's model channels
// (`App.Models.User.{id}`, to which Echo's `private()` and `encryptedPrivate()` add `private-` or
// `private-encrypted-`), which only ever carry one player's data. Without the prefix, with or without
// what followed it (`encrypted-`, `cache-`), the name is a public channel's: anyone could subscribe, and
// a publish that lost its prefix would reach them all.
const PRIVATE_FAMILY_UNPREFIXED = /^(?:encrypted-)?(?:cache-)?App\.Models\./;

/** A public name that is one of the app's private channels without its prefix: nobody subscribes or publishes to it. */
export function isUnprefixedPrivateName(name: string): boolean {
  return channelKind(name) === 'public' && PRIVATE_FAMILY_UNPREFIXED.test(name);
}

/** What a client or publisher is told about such a name: its private counterpart is `private-{name}`. */
export function unprefixedPrivateMessage(name: string): string {
  return `App.Models.* channels are private; use private-${name}`;
}

/** Why events may not be published on `name`, or undefined when they may. */
export function publishProblem(name: string): string | undefined {
  if (!channelKind(name)) return `Invalid channel name ${JSON.stringify(name)}`;
  if (isUnprefixedPrivateName(name)) return `Not publishing on ${name}: ${unprefixedPrivateMessage(name)}`;
  return undefined;
}

/** Pusher's cache channels: `cache-`, `private-cache-`, `presence-cache-`, `private-encrypted-cache-`. */
export function isCacheChannel(name: string): boolean {
  return /^(?:private-encrypted-|private-|presence-)?cache-/.test(name);
}

/** Pusher's limit on the users one connection may watch. */
export const MAX_WATCHLIST = 100;
