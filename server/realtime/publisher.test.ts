import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessPublisher, createPusherHttpPublisher } from './publisher.ts';
import { startRealtimeServer, type RealtimeServer } from './server.ts';
import { collect, connectedClient, disconnectAll, eventually, randomApp, subscribed } from './testing.ts';

const app = randomApp();
let server: RealtimeServer;

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, app });
});
afterEach(() => disconnectAll());
afterAll(() => server.close());

describe.each([
  ['in-process', () => createInProcessPublisher(server)],
  ['Pusher HTTP API', () => createPusherHttpPublisher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: server.port })],
])('%s publisher', (_name, makePublisher) => {
  it('reaches pusher-js subscribers of every channel, more than the API takes in one request', async () => {
    const publisher = makePublisher();
    const client = await connectedClient(app, server.port);
    const channels = Array.from({ length: 150 }, (_, i) => `private-App.Models.User.${i}`);
    const first = collect(await subscribed(client, channels[0]!), 'App\\Events\\BalanceUpdated');
    const last = collect(await subscribed(client, channels[149]!), 'App\\Events\\BalanceUpdated');
    await publisher.publish(channels, 'App\\Events\\BalanceUpdated', { balance: 1999, currency: 'EUR' });
    await eventually(() => first.length === 1 && last.length === 1);
    expect(last[0]?.data).toEqual({ balance: 1999, currency: 'EUR' });
    await publisher.close?.();
  });

  it('refuses App.Models.User.{id} without its private- prefix', async () => {
    const publisher = makePublisher();
    await expect(publisher.publish(['App.Models.User.5'], 'App\\Events\\BalanceUpdated', {})).rejects.toThrow(
      'Not publishing on App.Models.User.5: App.Models.* channels are private; use private-App.Models.User.5',
    );
    await publisher.close?.();
  });

  it('rejects when the server refuses the event', async () => {
    const publisher = makePublisher();
    await expect(publisher.publish(['lobby'], 'too-big', 'x'.repeat(20 * 1024))).rejects.toThrow();
    await publisher.close?.();
  });
});

describe('Pusher HTTP API publisher to a server that takes any channel name (soketi, Reverb, Pusher)', () => {
  it('refuses App.Models.User.{id} without its private- prefix before sending anything', async () => {
    const requests: string[] = [];
    const lenient = createServer((request, response) => {
      requests.push(request.url ?? '');
      request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => lenient.listen(0, '127.0.0.1', resolve));
    const port = (lenient.address() as AddressInfo).port;
    const publisher = createPusherHttpPublisher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port });
    try {
      await publisher.publish(['private-App.Models.User.5'], 'App\\Events\\BalanceUpdated', {});
      expect(requests).toHaveLength(1);
      const channels = ['private-App.Models.User.5', 'App.Models.User.5'];
      await expect(publisher.publish(channels, 'App\\Events\\BalanceUpdated', {})).rejects.toThrow('use private-App.Models.User.5');
      await expect(publisher.publish(['encrypted-App.Models.User.5'], 'x', {})).rejects.toThrow('use private-encrypted-App.Models.User.5');
      expect(requests).toHaveLength(1);
    } finally {
      await publisher.close?.();
      await new Promise((resolve) => lenient.close(resolve));
    }
  });
});
