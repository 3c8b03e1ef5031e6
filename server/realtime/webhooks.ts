import { hmacHex } from './signatures.ts';
import type { RealtimeLogger } from './logger.ts';

/** The events Pusher posts to an app's webhook URL, in Pusher's shapes. */
export type WebhookEvent =
  | { name: 'channel_occupied' | 'channel_vacated' | 'cache_miss'; channel: string }
  | { name: 'member_added' | 'member_removed'; channel: string; user_id: string }
  | { name: 'client_event'; channel: string; event: string; data: string; socket_id: string; user_id?: string };

export type WebhookOptions = {
  url: string;
  /** Events are gathered this long before one POST carries them all. Default 100 ms. */
  batchMs?: number;
  /** Largest number of events in one POST. Default 100. */
  maxBatch?: number;
  /** Waits before each retry of a POST that failed (network error or a non-2xx answer). Default 1 s, 4 s, 15 s, 60 s. */
  retryDelaysMs?: readonly number[];
  /** How long one POST may take. Default 10 s. */
  timeoutMs?: number;
};

export type WebhookSender = {
  emit(event: WebhookEvent): void;
  /** Sends what is gathered and waits for every POST in flight (retries included, cut short). */
  close(): Promise<void>;
};

/**
 * Posts webhooks as Pusher signs them: body `{"time_ms", "events": [...]}`, `X-Pusher-Key` the app key and
 * `X-Pusher-Signature` the hex HMAC-SHA256 of the body with the app secret (what the `pusher` SDK's
 * `webhook()` checks). Each node posts the events it saw; which node sees an event is decided in the
 * fan-out, so each event is posted once for the cluster (docs/decisions/0086).
 */
export function createWebhookSender(app: { key: string; secret: string }, options: WebhookOptions, logger: RealtimeLogger): WebhookSender {
  const batchMs = options.batchMs ?? 100;
  const maxBatch = options.maxBatch ?? 100;
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 4_000, 15_000, 60_000];
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pending: WebhookEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  const inFlight = new Set<Promise<void>>();
  const waits = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wait = {
        timer: setTimeout(() => {
          waits.delete(wait);
          resolve();
        }, ms),
        wake: resolve,
      };
      waits.add(wait);
    });

  async function post(events: WebhookEvent[]): Promise<void> {
    const body = JSON.stringify({ time_ms: Date.now(), events });
    const headers = { 'content-type': 'application/json', 'x-pusher-key': app.key, 'x-pusher-signature': hmacHex(app.secret, body) };
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(options.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (response.ok) return;
        logger.warn({ status: response.status, attempt }, 'realtime: webhook refused');
      } catch (error) {
        logger.warn({ err: error, attempt }, 'realtime: webhook not delivered');
      }
      const delay = retryDelaysMs[attempt];
      if (delay === undefined || closing) {
        logger.error({ events: events.length }, 'realtime: webhook given up');
        return;
      }
      await pause(delay);
    }
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    while (pending.length > 0) {
      const work = post(pending.splice(0, maxBatch));
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }
  }

  return {
    emit(event) {
      pending.push(event);
      if (pending.length >= maxBatch) flush();
      else if (!timer) {
        timer = setTimeout(flush, batchMs);
        timer.unref();
      }
    },
    async close() {
      flush();
      closing = true;
      // Retries waiting for their turn go now, once, instead of holding the shutdown.
      for (const wait of waits) {
        clearTimeout(wait.timer);
        wait.wake();
      }
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
