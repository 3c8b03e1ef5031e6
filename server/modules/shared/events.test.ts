import { describe, expect, it } from 'vitest';
import { createEventBus } from './events.ts';

type TestEvents = { Moved: { playerId: number }; Other: { id: string } };

function bus() {
  const failures: [unknown, string][] = [];
  return { failures, bus: createEventBus<TestEvents>({ onError: (error, name) => failures.push([error, name]) }) };
}

describe('the domain event bus', () => {
  it('starts every listener of the event, in the order they subscribed, and resolves once all are done', async () => {
    const { bus: events } = bus();
    const heard: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    events.on('Moved', async ({ playerId }) => {
      heard.push(`first ${playerId}`);
      await slow;
      heard.push('first done');
    });
    events.on('Moved', ({ playerId }) => void heard.push(`second ${playerId}`));
    events.on('Other', () => void heard.push('other'));
    let resolved = false;
    const published = events.publish('Moved', { playerId: 7 }).then(() => (resolved = true));
    // Both started at once: the slow first listener does not hold up the second.
    expect(heard).toEqual(['first 7', 'second 7']);
    await Promise.resolve();
    expect(resolved).toBe(false);
    release();
    await published;
    expect(heard).toEqual(['first 7', 'second 7', 'first done']);
  });

  it('never rejects: a listener that throws or rejects is reported by name, and the others still hear', async () => {
    const { bus: events, failures } = bus();
    const heard: number[] = [];
    events.on('Moved', () => {
      throw new Error('sync failure');
    });
    events.on('Moved', async () => {
      throw new Error('async failure');
    });
    events.on('Moved', ({ playerId }) => void heard.push(playerId));
    await expect(events.publish('Moved', { playerId: 3 })).resolves.toBeUndefined();
    expect(heard).toEqual([3]);
    expect(failures.map(([error, name]) => [(error as Error).message, name])).toEqual([
      ['sync failure', 'Moved'],
      ['async failure', 'Moved'],
    ]);
  });

  it('publishes to no one when nobody listens, and counts subscriptions per event', async () => {
    const { bus: events, failures } = bus();
    await events.publish('Other', { id: 'x' });
    events.on('Moved', () => undefined);
    events.on('Moved', () => undefined);
    expect(events.subscriptions()).toEqual(new Map([['Moved', 2]]));
    expect(failures).toEqual([]);
  });
});
