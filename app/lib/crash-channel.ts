import Echo from 'laravel-echo';
import type { RealtimePublicConfig } from '../../contract/site.ts';
import { CRASH_CHANNEL, CRASH_EVENTS } from '../../contract/crash.rules.ts';
import { echoOptions } from './realtime.ts';

// The crash table's public channel (docs/decisions/0071-crash.md): no sign-in, everyone at the table hears the
// same rounds. Loaded only in the browser, in its own chunk, by the crash screen.

export function connectCrashChannel(
  config: RealtimePublicConfig,
  handlers: { onEvent(name: (typeof CRASH_EVENTS)[number], data: unknown): void; onLive(live: boolean): void },
): () => void {
  const echo = new Echo<'pusher'>(echoOptions(config, window.location.hostname));
  const channel = echo.channel(CRASH_CHANNEL);
  for (const name of CRASH_EVENTS) channel.listen(name, (data: unknown) => handlers.onEvent(name, data));
  channel.subscribed(() => handlers.onLive(true));
  echo.connector.pusher.connection.bind('state_change', ({ current }: { current: string }) => {
    if (current !== 'connected') handlers.onLive(false);
  });
  return () => echo.disconnect();
}
