import { QueryClient, queryOptions, type QueryKey } from '@tanstack/react-query';
import { callApi } from './api.ts';

/**
 * The player site's server state lives in one TanStack Query cache. Every key is named here, so a screen that
 * reads a piece of state and the realtime listener that updates it cannot drift apart.
 */
export const queryKeys = {
  wallet: ['player', 'wallet'],
  club: ['player', 'club'],
  unreadMessages: ['player', 'messages', 'unread'],
  /** Messages pushed live since the page loaded (MessageReceived), newest first. */
  arrivedMessages: ['player', 'messages', 'arrived'],
  /** The player's verification: read by its page, replaced by an upload or a pushed review. */
  verification: ['player', 'verification'],
  /** On-chain deposits heard of live in this tab, by id. */
  chainDeposits: ['player', 'chain-deposits'],
  /** The player's bonuses, newest first (GET /api/player/bonuses); BonusUpdated merges into it. */
  bonuses: ['player', 'bonuses'],
  limits: ['player', 'limits'],
  /** The session the reality check and the session limit watch (GET /api/player/limits/session), by player. */
  limitSession: (playerId: string) => ['player', 'limit-session', playerId],
  /** Every player's limit session (what a limit refusal makes out of date). */
  limitSessions: ['player', 'limit-session'],
  paymentMethods: ['player', 'payment-methods'],
  /** A deposit followed on its status page, one key for each round of asking (`again`). */
  deposit: (id: string, round: string) => ['player', 'deposit', id, round],
  /** The withdrawal cashier's account standing (verification) and pending requests. */
  withdrawals: ['player', 'withdrawals'],
  /** The crypto rail's offer to this player (GET /api/payments/crypto). */
  cryptoInfo: ['player', 'crypto-info'],
  crash: ['crash'],
  /** Players on each game's play page, by slug (the lobby's tiles); PlayingNow events update it. */
  playingNow: ['playing-now'],
  crashBets: ['player', 'crash-bets'],
  fairnessSeeds: (mode: string) => ['player', 'fairness-seeds', mode],
  demoBalance: ['demo', 'balance'],
  /** One of the player's rounds checked on the fairness page, read again (`reload`) once a rotation revealed its seed. */
  roundCheck: (id: string, reload: string) => ['player', 'round-check', id, reload],
  /** The player's last games and sessions (game-round recall). */
  recall: ['player', 'recall'],
  /** A game's recent rounds on its play page (the player's, then this visit's demo rounds). */
  recentRounds: (slug: string) => ['player', 'rounds', slug],
} as const satisfies Record<string, QueryKey | ((...parts: string[]) => QueryKey)>;

/**
 * Our answers are pushed (realtime) or asked for on purpose, so nothing refetches on its own: no retries (callApi
 * already folds network failures into an answer), no refetch on focus or reconnect, and data stays fresh until a
 * screen or an event says otherwise. That keeps the requests the site makes the ones it made before. Nothing is
 * forgotten while the tab is open: a count pushed while no screen shows it is still there when one does.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | null = null;

/**
 * The browser's one cache, shared by the React tree (root.tsx provides it) and the code outside it that applies
 * answers (the realtime listener, a cashier after a payment). The server makes one per request instead.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Writes state that arrived from elsewhere (a push, a payment's answer); any read still on its way for it is dropped. */
export function writeQuery<T>(key: QueryKey, value: T): void {
  const client = browserQueryClient();
  // Cancelling reverts to the state before that read started, so the write comes after it.
  void client.cancelQueries({ queryKey: key, exact: true });
  client.setQueryData<T>(key, value);
}

/** Reads a written-only piece of state (one no request fills) from the browser's cache. */
export function readQuery<T>(key: QueryKey): T | undefined {
  return browserQueryClient().getQueryData<T>(key);
}

/**
 * Asks again for a piece of state, dropping a read still on its way: that read was asked before whatever change
 * prompted this one, so its answer may already be out of date. Rejects when the read fails.
 */
export async function fetchFresh<T>(client: QueryClient, key: QueryKey, read: () => Promise<T>): Promise<T> {
  await client.cancelQueries({ queryKey: key, exact: true });
  return client.fetchQuery({ queryKey: key, queryFn: read, staleTime: 0 });
}

/**
 * The player's responsible-gambling limits (the limits screens, a slot's per-spin cap). Each screen reads them
 * afresh when it opens, as before; a change's answer replaces them in the cache.
 */
export const playerLimitsQuery = () =>
  queryOptions({
    queryKey: queryKeys.limits,
    queryFn: async () => {
      const result = await callApi('GET', '/api/player/limits');
      if (!result.ok) throw new Error(result.message);
      return result.body.data;
    },
    refetchOnMount: 'always',
  });
