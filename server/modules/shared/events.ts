// Domain events (issue 27 §1, docs/decisions/0126): what a module tells the others after something it owns has
// happened, e.g. the ledger's JournalCommitted or the limits' PlayerExcluded. The module that publishes an event
// declares it in its own `events.ts` (name → what listeners are told) and is handed only `publish`; who listens is
// wired once, in server/subscriptions.ts. A module never asks another for an answer through an event: questions are
// ports, functions its factory takes.
//
// Delivery: in this process, after the publisher's transaction has committed (publishers publish only then), to every
// listener at once, in the order they subscribed. `publish` resolves when every listener has finished and never
// rejects: a listener that fails is logged and neither the publisher nor the other listeners notice. Delivery is at
// most once: a crash between the commit and the listener loses the event, so what must survive a crash is written in
// the committing transaction itself (the outbox's mail and postbacks, the points a stake earns) or redone by a job.

/** A module's events: each name and what its listeners are told. */
export type EventMap = Record<string, unknown>;

/**
 * Hands an event to its listeners; resolves once they are done, never rejects. A module is handed the bus's
 * publish for its own events only: the bus's, which takes every module's, is one of these for each.
 */
export type Publish<Events extends EventMap> = (
  ...args: { [Name in keyof Events & string]: [name: Name, event: Events[Name]] }[keyof Events & string]
) => Promise<void>;

export type Listener<Event> = (event: Event) => unknown;

export type EventBus<Events extends EventMap> = {
  publish: Publish<Events>;
  /** Subscribes `listener` to `name`; listeners are started in the order they subscribed. */
  on<Name extends keyof Events & string>(name: Name, listener: Listener<Events[Name]>): void;
  /** The names of the events someone listens to, and how many listeners each has (for the runtime graph's test). */
  subscriptions(): Map<string, number>;
};

export function createEventBus<Events extends EventMap>({
  onError,
}: {
  /** Told of a listener that threw or rejected; the event and the other listeners go on. */
  onError: (error: unknown, name: string) => void;
}): EventBus<Events> {
  const listeners = new Map<string, Listener<unknown>[]>();
  return {
    async publish(...[name, event]) {
      const heard = listeners.get(name);
      if (!heard) return;
      // Started together, so a slow listener (a balance read) does not hold up the next (a notice).
      const runs = heard.map(async (listener) => {
        try {
          await listener(event);
        } catch (error) {
          onError(error, name);
        }
      });
      await Promise.all(runs);
    },
    on(name, listener) {
      const heard = listeners.get(name) ?? [];
      heard.push(listener as Listener<unknown>);
      listeners.set(name, heard);
    },
    subscriptions() {
      return new Map([...listeners].map(([name, heard]) => [name, heard.length]));
    },
  };
}

/** For a module built without a bus (its own unit tests): publishing reaches no one. */
export const publishNowhere = async (..._event: [name: string, event: unknown]): Promise<void> => {};
