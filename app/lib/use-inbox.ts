import { useSyncExternalStore } from 'react';
import type { MessageReceived, PlayerMessage } from '../../contract/messages.ts';

/**
 * The unread count the header shows and the messages that arrived live since the page loaded. The realtime
 * listener hands each `MessageReceived` to `receiveMessage`; the inbox page reports its own changes with
 * `applyUnread`. Announced as a window event so everything showing it follows.
 */
const INBOX_UPDATED_EVENT = 'croupier:inbox-updated';

let unread: number | null = null;
let arrived: PlayerMessage[] = [];

function announce(): void {
  window.dispatchEvent(new Event(INBOX_UPDATED_EVENT));
}

export function applyUnread(count: number): void {
  unread = count;
  announce();
}

export function receiveMessage(event: MessageReceived): void {
  arrived = [event.message, ...arrived.filter((message) => message.id !== event.message.id)];
  unread = event.unread;
  announce();
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(INBOX_UPDATED_EVENT, onChange);
  return () => window.removeEventListener(INBOX_UPDATED_EVENT, onChange);
}

/** The latest unread count, else what the page loaded with. */
export function useUnread(loaded: number | null): number | null {
  const live = useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
  return live ?? loaded;
}

/** Messages received live since the page loaded, newest first. */
export function useArrivedMessages(): PlayerMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => arrived,
    () => arrived,
  );
}
