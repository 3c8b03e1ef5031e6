import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { PlayerMessage } from '../../../contract/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { callApi } from '../../lib/api.ts';
import { applyUnread, useArrivedMessages } from '../../lib/use-inbox.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** The inbox: open a message to read it (which marks it read), delete with confirmation; live arrivals on top. */
export function Inbox({ loaded, unread }: { loaded: PlayerMessage[]; unread: number }) {
  const arrived = useArrivedMessages();
  const { notify } = useToast();
  const [local, setLocal] = useState<{ read: Record<string, string>; deleted: Set<string> }>({ read: {}, deleted: new Set() });
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PlayerMessage | null>(null);

  useEffect(() => applyUnread(unread), [unread]);

  const messages = useMemo(() => {
    const known = new Set(loaded.map((message) => message.id));
    return [...arrived.filter((message) => !known.has(message.id)), ...loaded]
      .filter((message) => !local.deleted.has(message.id))
      .map((message) => ({ ...message, read_at: message.read_at ?? local.read[message.id] ?? null }));
  }, [arrived, loaded, local]);

  const countUnread = (list: PlayerMessage[]) => list.filter((message) => !message.read_at).length;

  async function toggle(message: PlayerMessage) {
    const opening = open !== message.id;
    setOpen(opening ? message.id : null);
    if (!opening || message.read_at) return;
    const result = await callApi('POST', `/api/player/messages/${message.id}/read`);
    if (!result.ok) return;
    const readAt = result.body.data.read_at ?? new Date().toISOString();
    setLocal((state) => ({ ...state, read: { ...state.read, [message.id]: readAt } }));
    applyUnread(Math.max(0, countUnread(messages) - 1));
  }

  // A message already gone (404) counts as deleted.
  const removal = useMutation({
    mutationFn: (message: PlayerMessage) => callApi('DELETE', `/api/player/messages/${message.id}`),
    onSuccess: (result, message) => {
      setConfirming(null);
      if (!result.ok && result.status !== 404) {
        notify(result.message, 'error');
        return;
      }
      setLocal((state) => ({ ...state, deleted: new Set([...state.deleted, message.id]) }));
      applyUnread(countUnread(messages.filter((m) => m.id !== message.id)));
      notify('Message deleted.', 'success');
    },
  });

  if (messages.length === 0) {
    return <EmptyState title="No messages" text="When our team writes to you about your account, withdrawals or offers, it appears here." />;
  }

  return (
    <>
      <ul className="divide-y divide-night-700 overflow-hidden rounded-card border border-night-700" aria-label="Your messages">
        {messages.map((message) => {
          const expanded = open === message.id;
          return (
            <li key={message.id} className={message.read_at ? 'bg-night-850' : 'bg-night-800'}>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`message-${message.id}`}
                onClick={() => void toggle(message)}
                className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-night-700 focus-visible:outline-2 focus-visible:outline-gold-400"
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${message.read_at ? 'bg-transparent ring-1 ring-night-600' : 'bg-gold-400'}`}
                />
                <span className="min-w-0 flex-1">
                  <span className={`block truncate ${message.read_at ? 'text-mist-300' : 'font-semibold text-mist-100'}`}>
                    {message.subject}
                    {message.read_at ? null : <span className="sr-only"> (unread)</span>}
                  </span>
                  <span className="block text-xs text-mist-400">{when(message.created_at)}</span>
                </span>
                <span aria-hidden="true" className={`text-mist-400 transition-transform ${expanded ? 'rotate-180' : ''}`}>
                  ▾
                </span>
              </button>
              {expanded ? (
                <div id={`message-${message.id}`} className="space-y-4 px-4 pb-4 pl-9">
                  <p className="whitespace-pre-line text-sm leading-relaxed text-mist-200">{message.body}</p>
                  <Button variant="ghost" className="text-sm" onClick={() => setConfirming(message)}>
                    Delete message
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {confirming ? (
        <Dialog title="Delete this message?" onClose={() => setConfirming(null)}>
          <div className="space-y-4 px-6 py-5">
            <p className="text-sm text-mist-300">“{confirming.subject}” will be removed from your inbox. This cannot be undone.</p>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setConfirming(null)}>
                Keep it
              </Button>
              <Button busy={removal.isPending} onClick={() => removal.mutate(confirming)}>
                Delete
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
