import { skipToken, useQuery } from '@tanstack/react-query';
import type { MessageReceived, PlayerMessage } from '../../contract/messages.ts';
import { queryKeys, readQuery, writeQuery } from './queries.ts';

/**
 * The unread count the header shows and the messages that arrived live since the page loaded, both in the query
 * cache. The realtime listener hands each `MessageReceived` to `receiveMessage`; the inbox page reports its own
 * changes with `applyUnread`.
 */
const none: PlayerMessage[] = [];

export function applyUnread(count: number): void {
  writeQuery(queryKeys.unreadMessages, count);
}

export function receiveMessage(event: MessageReceived): void {
  const arrived = readQuery<PlayerMessage[]>(queryKeys.arrivedMessages) ?? none;
  writeQuery(queryKeys.arrivedMessages, [event.message, ...arrived.filter((message) => message.id !== event.message.id)]);
  writeQuery(queryKeys.unreadMessages, event.unread);
}

/** The latest unread count, else what the page loaded with. */
export function useUnread(loaded: number | null): number | null {
  const { data } = useQuery<number>({ queryKey: queryKeys.unreadMessages, queryFn: skipToken });
  return data ?? loaded;
}

/** Messages received live since the page loaded, newest first. */
export function useArrivedMessages(): PlayerMessage[] {
  const { data } = useQuery<PlayerMessage[]>({ queryKey: queryKeys.arrivedMessages, queryFn: skipToken });
  return data ?? none;
}
