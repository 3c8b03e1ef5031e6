/**
 * The one interface server code uses to tell a player something live (`BalanceUpdated`, `MessageReceived`).
 * In-process listeners receive each event; the realtime server subscribes one that forwards it to the
 * player's private channel `private-App.Models.User.{id}` as `App\Events\{name}` (DESIGN.md).
 */
export type PlayerEvent = { playerId: number; name: string; data: unknown };
export type PlayerEventListener = (event: PlayerEvent) => void | Promise<void>;

export type PlayerEvents = {
  publish(playerId: number, name: string, data: unknown): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: PlayerEventListener): () => void;
};

export function createPlayerEvents({ onError }: { onError?: (error: unknown, event: PlayerEvent) => void } = {}): PlayerEvents {
  const listeners = new Set<PlayerEventListener>();
  return {
    publish(playerId, name, data) {
      const event = { playerId, name, data };
      for (const listener of listeners) {
        // A slow or failing listener (a socket server, a remote API) never holds up or breaks the money path.
        void Promise.resolve()
          .then(() => listener(event))
          .catch((error: unknown) => onError?.(error, event));
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
