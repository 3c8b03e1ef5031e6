// One player's rounds run one after another in this process. A player's round reads the seed pair and claims its
// nonce only if nobody else did meanwhile (fairness.ts); queueing here means that only rounds on other nodes can
// ever make that claim fail, instead of every pair of concurrent requests from one player.

export type PlayerQueue = ReturnType<typeof createPlayerQueue>;

export function createPlayerQueue() {
  const tails = new Map<number, Promise<void>>();
  return {
    run<T>(playerId: number, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(playerId) ?? Promise.resolve();
      const result = previous.then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(playerId, tail);
      void tail.then(() => {
        if (tails.get(playerId) === tail) tails.delete(playerId);
      });
      return result;
    },
  };
}
