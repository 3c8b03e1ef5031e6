// Outbound frames, serialised here once per message: a broadcast's frame is built a single time and
// the same bytes go to every subscriber on every node.

export function errorFrame(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

/** The protocol sends the handshake's data as a JSON string inside the frame. */
export function connectionEstablishedFrame(socketId: string, activityTimeoutSeconds: number): string {
  return JSON.stringify({
    event: 'pusher:connection_established',
    data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
  });
}

export const pingFrame = JSON.stringify({ event: 'pusher:ping', data: {} });
export const pongFrame = JSON.stringify({ event: 'pusher:pong', data: {} });

/** `data` is already the event's payload string (the HTTP API only carries strings). */
export function channelEventFrame(event: string, channel: string, data: string): string {
  return JSON.stringify({ event, channel, data });
}

/** Client events keep the sender's data as it came; presence channels name the sender (protocol 7). */
export function clientEventFrame(event: string, channel: string, data: unknown, userId: string | undefined): string {
  return JSON.stringify(userId === undefined ? { event, channel, data } : { event, channel, data, user_id: userId });
}

export function subscriptionSucceededFrame(channel: string): string {
  return JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
}

export type PresenceMember = {
  userId: string;
  /** The member's user_info, kept as JSON text so it is never parsed again after the join. */
  infoJson: string;
};

export function presenceSucceededFrame(channel: string, members: readonly PresenceMember[]): string {
  const ids = members.map((member) => JSON.stringify(member.userId));
  const hash = members.map((member, index) => `${ids[index]}:${member.infoJson}`);
  const data = `{"presence":{"ids":[${ids.join(',')}],"hash":{${hash.join(',')}},"count":${members.length}}}`;
  return JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data });
}

export function memberAddedFrame(channel: string, member: PresenceMember): string {
  const data = `{"user_id":${JSON.stringify(member.userId)},"user_info":${member.infoJson}}`;
  return JSON.stringify({ event: 'pusher_internal:member_added', channel, data });
}

export function memberRemovedFrame(channel: string, userId: string): string {
  return JSON.stringify({ event: 'pusher_internal:member_removed', channel, data: JSON.stringify({ user_id: userId }) });
}

export type SubscriptionErrorType = 'AuthError' | 'InvalidChannel' | 'LimitReached' | 'Unavailable';

/** pusher-js emits this on the channel as `pusher:subscription_error`, the shape its own auth failures take. */
export function subscriptionErrorFrame(channel: string, type: SubscriptionErrorType, error: string, status: number): string {
  return JSON.stringify({ event: 'pusher:subscription_error', channel, data: { type, error, status } });
}

export function signinSuccessFrame(userDataJson: string): string {
  return JSON.stringify({ event: 'pusher:signin_success', data: { user_data: userDataJson } });
}

/** A cache channel with nothing kept: pusher-js emits it on the channel. */
export function cacheMissFrame(channel: string): string {
  return JSON.stringify({ event: 'pusher:cache_miss', channel });
}

/** pusher-js sets channel.subscriptionCount and emits pusher:subscription_count. */
export function subscriptionCountFrame(channel: string, count: number): string {
  return JSON.stringify({ event: 'pusher_internal:subscription_count', channel, data: JSON.stringify({ subscription_count: count }) });
}

/** pusher-js's `pusher.user.watchlist` emits each event by name (`online`, `offline`). */
export function watchlistFrame(name: 'online' | 'offline', userIds: readonly string[]): string {
  return JSON.stringify({ event: 'pusher_internal:watchlist_events', data: JSON.stringify({ events: [{ name, user_ids: userIds }] }) });
}
