import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import type { RealtimePublicConfig } from '../../contract/site.ts';
import { setPlayingNow } from './playing-now.ts';

// The browser's realtime connection: Laravel Echo over pusher-js, as SPEC.md §7 and §9 describe it. Loaded
// only in the browser, only for a signed-in player, and only when the server publishes a realtime config.

/** SPEC.md §9. pusher-js keeps its own timeline (flushed every 60 s, at most 50 events); we never send it to Pusher's stats host. */
export const REALTIME_TIMING = { activityTimeout: 120_000, pongTimeout: 30_000, unavailableTimeout: 10_000 } as const;
export const DEFAULT_REALTIME_PORT = 8080;

/** SPEC.md §8: what the player is told when the connection has trouble. */
export const REALTIME_MESSAGES = {
  lostSession: 'Server lost session',
  cannotStart: 'Could not start streaming',
  interrupted: 'Connection interrupted',
} as const;

export type RealtimeProblem = (typeof REALTIME_MESSAGES)[keyof typeof REALTIME_MESSAGES] | null;
type ConnectionState = 'connecting' | 'connected' | 'disconnected';

type RealtimeHandlers = {
  onEvent(name: 'BalanceUpdated' | 'MessageReceived' | 'BonusUpdated' | 'VerificationUpdated' | 'ChainDepositUpdated', data: unknown): void;
  onProblem(problem: RealtimeProblem): void;
  /** The player's private channel is subscribed: events from now on arrive. */
  onLive?(live: boolean): void;
};

/** Pusher's close and error codes that mean the server no longer accepts this session. */
const SESSION_CODES = new Set([4009, 4001]);

/**
 * SPEC.md §5: the realtime user id must be a non-empty string, else sign-in is abandoned.
 */
export function realtimeUserId(id: unknown): string | null {
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** pusher-js's many states folded to the three SPEC.md §4 names. */
export function connectionState(pusherState: string): ConnectionState {
  if (pusherState === 'connected') return 'connected';
  if (pusherState === 'connecting' || pusherState === 'initialized') return 'connecting';
  return 'disconnected';
}

export function echoOptions(config: RealtimePublicConfig, pageHost: string) {
  const tls = config.scheme === 'https';
  const port = config.port || DEFAULT_REALTIME_PORT;
  return {
    broadcaster: 'pusher' as const,
    key: config.key,
    cluster: 'mt1',
    wsHost: config.host || pageHost,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: tls ? ['wss' as const] : ['ws' as const],
    disableStats: true,
    authEndpoint: '/broadcasting/auth',
    userAuthentication: { endpoint: '/broadcasting/user-auth', transport: 'ajax' as const, headers: {} as Record<string, string> },
    namespace: 'App.Events',
    ...REALTIME_TIMING,
    Pusher,
  };
}

/**
 * Connects, listens on the player's private channel, signs in on entering `connected` and cleans up on leaving
 * it. Returns the function that disconnects.
 */
let activeEcho: Echo<'pusher'> | null = null;
let wantedGame: string | null = null;
let joinedGame: string | null = null;

/** Joins the game's presence channel (Echo join('game.{slug}')) while its play page is open; null leaves it. */
export function playingGame(slug: string | null): void {
  wantedGame = slug;
  syncGamePresence();
}

function syncGamePresence(): void {
  if (joinedGame === wantedGame && activeEcho) return;
  if (joinedGame && activeEcho) activeEcho.leave(`game.${joinedGame}`);
  joinedGame = null;
  if (wantedGame && activeEcho) {
    activeEcho.join(`game.${wantedGame}`);
    joinedGame = wantedGame;
  }
}

export function connectRealtime(config: RealtimePublicConfig, playerId: unknown, handlers: RealtimeHandlers): () => void {
  const userId = realtimeUserId(playerId);
  const echo = new Echo<'pusher'>(echoOptions(config, window.location.hostname));
  activeEcho = echo;
  joinedGame = null;
  syncGamePresence();
  // The lobby's "N playing now", live.
  echo.channel('lobby').listen('PlayingNow', (data: { game?: unknown; count?: unknown }) => {
    if (typeof data.game === 'string' && typeof data.count === 'number') setPlayingNow(data.game, data.count);
  });
  const pusher = echo.connector.pusher;
  let everConnected = false;
  let signedIn = false;

  pusher.connection.bind('state_change', ({ previous, current }: { previous: string; current: string }) => {
    const before = connectionState(previous);
    const now = connectionState(current);
    if (now === 'connected' && before !== 'connected') {
      everConnected = true;
      handlers.onProblem(null);
      // Sign-in belongs to a connection; it is abandoned for a user id that is not a non-empty string.
      if (userId && !signedIn) {
        signedIn = true;
        pusher.signin();
      }
    }
    if (before === 'connected' && now !== 'connected') {
      signedIn = false;
      handlers.onLive?.(false);
      handlers.onProblem(REALTIME_MESSAGES.interrupted);
    }
    if (current === 'failed' || (current === 'unavailable' && !everConnected)) handlers.onProblem(REALTIME_MESSAGES.cannotStart);
  });
  pusher.connection.bind('error', (error: { data?: { code?: number } } | undefined) => {
    if (error?.data?.code !== undefined && SESSION_CODES.has(error.data.code)) handlers.onProblem(REALTIME_MESSAGES.lostSession);
  });

  if (userId) {
    const channel = echo.private(`App.Models.User.${userId}`);
    channel.listen('BalanceUpdated', (data: unknown) => handlers.onEvent('BalanceUpdated', data));
    channel.listen('MessageReceived', (data: unknown) => handlers.onEvent('MessageReceived', data));
    channel.listen('BonusUpdated', (data: unknown) => handlers.onEvent('BonusUpdated', data));
    channel.listen('VerificationUpdated', (data: unknown) => handlers.onEvent('VerificationUpdated', data));
    channel.listen('ChainDepositUpdated', (data: unknown) => handlers.onEvent('ChainDepositUpdated', data));
    // A refused subscription means our session is gone (expired or signed out elsewhere).
    channel.subscribed(() => handlers.onLive?.(true));
    channel.error(() => handlers.onProblem(REALTIME_MESSAGES.lostSession));
  }

  return () => {
    if (activeEcho === echo) activeEcho = null;
    joinedGame = null;
    echo.disconnect();
  };
}
