import {
  channelKind,
  isCacheChannel,
  isUnprefixedPrivateName,
  MAX_EVENT_NAME_LENGTH,
  MAX_USER_ID_LENGTH,
  MAX_WATCHLIST,
  USER_CHANNEL_PREFIX,
  unprefixedPrivateMessage,
} from './channel-names.ts';
import type { ClientConnection, Subscription } from './client-connection.ts';
import { ErrorCode } from './codes.ts';
import type { Fanout, PresenceJoin } from './fanout.ts';
import {
  cacheMissFrame,
  clientEventFrame,
  errorFrame,
  memberAddedFrame,
  memberRemovedFrame,
  pongFrame,
  presenceSucceededFrame,
  signinSuccessFrame,
  subscriptionErrorFrame,
  subscriptionSucceededFrame,
  type PresenceMember,
  type SubscriptionErrorType,
  watchlistFrame,
} from './frames.ts';
import { type LocalChannels, WATCHERS_PREFIX } from './local-channels.ts';
import type { RealtimeLogger } from './logger.ts';
import { verifyChannelAuth, verifyUserAuth } from './signatures.ts';
import type { WebhookSender } from './webhooks.ts';

/** Pusher's limit on a presence member's user_info. */
const MAX_USER_INFO_BYTES = 1024;

export type NodeContext = {
  readonly app: { id: string; key: string; secret: string };
  readonly fanout: Fanout;
  readonly local: LocalChannels;
  readonly logger: RealtimeLogger;
  readonly maxMessageBytes: number;
  readonly maxPresenceMembers: number;
  readonly maxSubscriptionsPerConnection: number;
  /** Where Pusher webhooks go; undefined when the app has none. */
  readonly webhooks: WebhookSender | undefined;
  /** Work that close() must wait for (presence joins and leaves on their way to the fan-out). */
  track(work: Promise<unknown>): void;
};

type Frame = { event: string; channel?: unknown; data?: unknown };

/** Handles one frame from a client. Never throws: every bad frame is answered with pusher:error. */
export function handleClientFrame(context: NodeContext, connection: ClientConnection, bytes: Buffer, isBinary: boolean): void {
  // The server already said goodbye; what the client sends before the close handshake ends counts for nothing.
  if (connection.closed) return;
  if (bytes.length > context.maxMessageBytes) {
    connection.send(errorFrame(ErrorCode.messageTooLarge, `Message exceeds ${context.maxMessageBytes} bytes`));
    return;
  }
  const frame = isBinary ? undefined : parseFrame(bytes);
  if (!frame) {
    connection.send(errorFrame(ErrorCode.malformedMessage, 'Messages must be JSON objects with a string "event"'));
    return;
  }
  switch (frame.event) {
    case 'pusher:ping':
      connection.send(pongFrame);
      return;
    case 'pusher:pong':
      return;
    case 'pusher:subscribe':
      subscribe(context, connection, objectData(frame.data));
      return;
    case 'pusher:unsubscribe': {
      const channel = objectData(frame.data)?.channel;
      if (typeof channel === 'string') unsubscribe(context, connection, channel);
      else connection.send(errorFrame(ErrorCode.malformedMessage, 'pusher:unsubscribe needs data.channel'));
      return;
    }
    case 'pusher:signin':
      signIn(context, connection, objectData(frame.data));
      return;
  }
  if (frame.event.startsWith('client-')) clientEvent(context, connection, frame);
  else connection.send(errorFrame(ErrorCode.malformedMessage, `Unsupported event ${JSON.stringify(frame.event.slice(0, MAX_EVENT_NAME_LENGTH))}`));
}

/** A closed socket leaves every channel it was in, presence ones with member_removed where due. */
export function endConnection(context: NodeContext, connection: ClientConnection): void {
  connection.closed = true;
  for (const channel of [...connection.subscriptions.keys()]) unsubscribe(context, connection, channel);
  for (const userId of connection.watching) context.local.remove(WATCHERS_PREFIX + userId, connection);
  if (connection.userId !== undefined) context.local.signOut(connection.userId, connection);
}

export function unsubscribe(context: NodeContext, connection: ClientConnection, channel: string): void {
  const subscription = connection.subscriptions.get(channel);
  if (!subscription) return;
  connection.subscriptions.delete(channel);
  context.local.remove(channel, connection);
  if (subscription.kind !== 'presence') return;
  // Issued after the join on the same fan-out connection, so it finds the membership even when
  // the join has not answered yet.
  context.track(
    context.fanout
      .leavePresence(channel, connection.socketId)
      .then((lastOfUser) => {
        if (lastOfUser === undefined) return;
        context.webhooks?.emit({ name: 'member_removed', channel, user_id: lastOfUser });
        return context.fanout.broadcast({ channel, frame: memberRemovedFrame(channel, lastOfUser) });
      })
      .catch((error: unknown) => context.logger.warn({ err: error, channel }, 'realtime: could not record a presence leave')),
  );
}

function parseFrame(bytes: Buffer): Frame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const event = (value as { event?: unknown }).event;
  return typeof event === 'string' && event.length > 0 ? (value as Frame) : undefined;
}

/** Clients send data as an object; some older ones send it as a JSON string of one. */
function objectData(data: unknown): Record<string, unknown> | undefined {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function subscribe(context: NodeContext, connection: ClientConnection, data: Record<string, unknown> | undefined): void {
  const channel = data?.channel;
  if (!data || typeof channel !== 'string') {
    connection.send(errorFrame(ErrorCode.malformedMessage, 'pusher:subscribe needs data.channel'));
    return;
  }
  const kind = channelKind(channel);
  const refuse = (type: SubscriptionErrorType, message: string, status: number) => connection.send(subscriptionErrorFrame(channel, type, message, status));
  if (!kind) return refuse('InvalidChannel', 'Invalid channel name', 400);
  // Refused as a bad signature is: a player's data belongs on the private name, which the app authorises.
  if (isUnprefixedPrivateName(channel)) return refuse('AuthError', unprefixedPrivateMessage(channel), 401);

  const existing = connection.subscriptions.get(channel);
  if (existing) {
    // Answered again, except presence: a second member list could cross member events in flight,
    // and a pending first subscribe answers anyway.
    if (!existing.queue && kind !== 'presence') connection.send(subscriptionSucceededFrame(channel));
    return;
  }

  if (connection.subscriptions.size >= context.maxSubscriptionsPerConnection) {
    // The channel hears of it as pusher-js reports its own refusals; the connection gets the code.
    const message = `A connection may subscribe to at most ${context.maxSubscriptionsPerConnection} channels`;
    refuse('LimitReached', message, 403);
    connection.send(errorFrame(ErrorCode.subscriptionLimit, message));
    return;
  }

  const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined;
  if (kind === 'user') {
    if (connection.userId === undefined || channel !== USER_CHANNEL_PREFIX + connection.userId) {
      return refuse('AuthError', 'Sign in as this user to subscribe to its channel', 401);
    }
  } else if (kind !== 'public' && !verifyChannelAuth(context.app, data.auth, connection.socketId, channel, channelData)) {
    return refuse('AuthError', 'Invalid signature', 401);
  }

  if (kind !== 'presence') {
    connection.subscriptions.set(channel, { kind, userId: undefined, queue: undefined });
    context.local.add(channel, connection);
    connection.send(subscriptionSucceededFrame(channel));
    if (isCacheChannel(channel)) context.track(sendCached(context, connection, channel));
    return;
  }

  const member = presenceMember(channelData);
  if (typeof member === 'string') return refuse('InvalidChannel', member, 400);
  const subscription: Subscription = { kind, userId: member.userId, queue: [] };
  connection.subscriptions.set(channel, subscription);
  context.local.add(channel, connection);
  context.track(joinPresence(context, connection, channel, subscription, member));
}

async function joinPresence(
  context: NodeContext,
  connection: ClientConnection,
  channel: string,
  subscription: Subscription,
  member: PresenceMember,
): Promise<void> {
  const current = () => !connection.closed && connection.subscriptions.get(channel) === subscription;
  let joined: PresenceJoin;
  try {
    joined = await context.fanout.joinPresence(channel, connection.socketId, member, context.maxPresenceMembers);
  } catch (error) {
    context.logger.warn({ err: error, channel }, 'realtime: presence join failed');
    if (!current()) return;
    unsubscribe(context, connection, channel);
    connection.send(subscriptionErrorFrame(channel, 'Unavailable', 'Presence is unavailable, try again', 503));
    return;
  }
  if (joined.outcome === 'full') {
    if (!current()) return;
    connection.subscriptions.delete(channel);
    context.local.remove(channel, connection);
    connection.send(subscriptionErrorFrame(channel, 'LimitReached', `Presence channel is full (${context.maxPresenceMembers} members)`, 403));
    return;
  }
  if (current()) {
    connection.send(presenceSucceededFrame(channel, joined.members));
    const queued = subscription.queue ?? [];
    subscription.queue = undefined;
    for (const frame of queued) connection.send(frame);
    if (isCacheChannel(channel)) await sendCached(context, connection, channel);
  }
  // Announced even if the socket already left: its leave, which follows, announces the removal.
  if (joined.firstForUser) {
    context.webhooks?.emit({ name: 'member_added', channel, user_id: member.userId });
    await context.fanout
      .broadcast({ channel, frame: memberAddedFrame(channel, member), exceptSocketId: connection.socketId })
      .catch((error: unknown) => context.logger.warn({ err: error, channel }, 'realtime: member_added not fanned out'));
  }
}

/** A cache channel's last event to a new subscriber, or pusher:cache_miss (and its webhook) when none is kept. */
async function sendCached(context: NodeContext, connection: ClientConnection, channel: string): Promise<void> {
  let frame: string | undefined;
  try {
    frame = await context.fanout.cachedEvent(channel);
  } catch (error) {
    context.logger.warn({ err: error, channel }, 'realtime: cache channel lookup failed');
  }
  if (connection.closed || !connection.subscriptions.has(channel)) return;
  if (frame !== undefined) {
    connection.send(frame);
    return;
  }
  connection.send(cacheMissFrame(channel));
  context.webhooks?.emit({ name: 'cache_miss', channel });
}

/** The member described by presence channel_data, or why it is unacceptable. */
function presenceMember(channelData: string | undefined): PresenceMember | string {
  if (channelData === undefined) return 'Presence channels need channel_data';
  const data = objectData(channelData);
  const rawId = data?.user_id;
  const userId = typeof rawId === 'number' && Number.isFinite(rawId) ? String(rawId) : rawId;
  if (typeof userId !== 'string' || userId === '' || userId.length > MAX_USER_ID_LENGTH) {
    return `channel_data.user_id must be a non-empty string of at most ${MAX_USER_ID_LENGTH} characters`;
  }
  const infoJson = JSON.stringify(data?.user_info ?? null);
  if (Buffer.byteLength(infoJson) > MAX_USER_INFO_BYTES) return `channel_data.user_info exceeds ${MAX_USER_INFO_BYTES} bytes`;
  return { userId, infoJson };
}

function signIn(context: NodeContext, connection: ClientConnection, data: Record<string, unknown> | undefined): void {
  const userData = data?.user_data;
  const refuse = (message: string) => connection.fail(ErrorCode.unauthorized, message);
  if (typeof userData !== 'string' || !verifyUserAuth(context.app, data?.auth, connection.socketId, userData)) return refuse('Invalid signin signature');
  const user = objectData(userData);
  const id = user?.id;
  if (typeof id !== 'string' || id === '' || id.length > MAX_USER_ID_LENGTH) return refuse('user_data.id must be a non-empty string');
  if (connection.userId !== undefined && connection.userId !== id) return refuse('Already signed in as another user');
  const watchlist = user?.watchlist ?? [];
  if (
    !Array.isArray(watchlist) ||
    watchlist.length > MAX_WATCHLIST ||
    !watchlist.every((entry) => typeof entry === 'string' && entry !== '' && entry.length <= MAX_USER_ID_LENGTH)
  ) {
    return refuse(`user_data.watchlist must be at most ${MAX_WATCHLIST} user ids`);
  }
  connection.userId = id;
  context.local.signIn(id, connection);
  connection.send(signinSuccessFrame(userData));
  watch(context, connection, [...new Set(watchlist as string[])]);
}

/** Pusher's watchlist: the socket hears `online` / `offline` for these users, starting with who is online now. */
function watch(context: NodeContext, connection: ClientConnection, userIds: string[]): void {
  for (const userId of connection.watching) context.local.remove(WATCHERS_PREFIX + userId, connection);
  connection.watching = userIds;
  if (userIds.length === 0) return;
  for (const userId of userIds) context.local.add(WATCHERS_PREFIX + userId, connection);
  context.track(
    context.fanout
      .onlineUsers(userIds)
      .then((online) => {
        if (online.length > 0) connection.send(watchlistFrame('online', online));
      })
      .catch((error: unknown) => context.logger.warn({ err: error }, 'realtime: watchlist lookup failed')),
  );
}

function clientEvent(context: NodeContext, connection: ClientConnection, frame: Frame): void {
  const refuse = (message: string) => connection.send(errorFrame(ErrorCode.clientEventRefused, message));
  const { event, channel } = frame;
  if (event.length > MAX_EVENT_NAME_LENGTH) return refuse(`Event names are at most ${MAX_EVENT_NAME_LENGTH} characters`);
  if (typeof channel !== 'string') return refuse('Client events need a channel');
  const subscription = connection.subscriptions.get(channel);
  if (!subscription || subscription.queue) return refuse(`Not subscribed to ${channel}`);
  // pusher-js refuses these itself, as Pusher does: the event would go in clear on an end-to-end encrypted channel.
  if (subscription.kind === 'encrypted') return refuse('Client events are not allowed on encrypted channels');
  if (subscription.kind !== 'private' && subscription.kind !== 'presence') return refuse('Client events are only allowed on private and presence channels');
  if (!connection.clientEvents.take()) {
    connection.send(errorFrame(ErrorCode.clientEventRateLimit, 'Client event rejected due to rate limit'));
    return;
  }
  context.webhooks?.emit({
    name: 'client_event',
    channel,
    event,
    data: typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data ?? null),
    socket_id: connection.socketId,
    ...(subscription.userId === undefined ? {} : { user_id: subscription.userId }),
  });
  context.fanout
    .broadcast({ channel, frame: clientEventFrame(event, channel, frame.data, subscription.userId), exceptSocketId: connection.socketId })
    .catch((error: unknown) => context.logger.warn({ err: error, channel }, 'realtime: client event not fanned out'));
}
