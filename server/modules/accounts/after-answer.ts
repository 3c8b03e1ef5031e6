/**
 * Work that starts only after the current request has been answered, so the answer's timing cannot depend
 * on it (docs/decisions/0012-abuse-limits.md). It lives in this process: a crash in the moment between
 * the answer and the work loses the work, and the player asks again.
 */
export function createAfterAnswer(onError: (error: unknown) => void) {
  const pending = new Set<Promise<void>>();
  return {
    run(task: () => Promise<void>): void {
      // setImmediate: after the response has been written, which happens in this turn's promise callbacks.
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch(onError)
        .finally(() => pending.delete(done));
      pending.add(done);
    },

    /** Resolves when every task started so far, and any they started, has finished (shutdown, tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
