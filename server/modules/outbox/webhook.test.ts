// The webhook channel's guard against server-side request forgery (docs/decisions/0107-affiliates.md): outside
// development no address of our own network is called, whether written as an IP, as localhost or behind a DNS name.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, isInternalAddress, isInternalHost } from './webhook.ts';

let hits = 0;
let status = 200;
const receiver = createServer((_request, response) => {
  hits += 1;
  response.writeHead(status).end();
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('webhook addresses', () => {
  it('knows our own network from the internet', () => {
    for (const internal of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isInternalAddress(internal), internal).toBe(true);
    for (const external of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946']) expect(isInternalAddress(external), external).toBe(false);
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '[::1]', '[::ffff:7f00:1]', '10.0.0.8']) expect(isInternalHost(host), host).toBe(true);
    expect(isInternalHost('tracker.example')).toBe(false);
  });

  it('outside development refuses internal addresses, literal or resolved, before connecting', async () => {
    const resolveTo =
      (address: string) => (_host: string, _options: unknown, callback: (error: null, addresses: { address: string; family: number }[]) => void) =>
        callback(null, [{ address, family: 4 }]);
    const strict = createWebhookSender({ allowInternal: false, resolve: resolveTo('127.0.0.1') });
    hits = 0;
    await expect(strict(`http://127.0.0.1:${port}/pb`, {})).rejects.toThrow('not on the internet');
    await expect(strict(`http://localhost:${port}/pb`, {})).rejects.toThrow('not on the internet');
    await expect(strict(`http://tracker.example:${port}/pb`, {})).rejects.toThrow('not on the internet');
    const metadata = createWebhookSender({ allowInternal: false, resolve: resolveTo('169.254.169.254') });
    await expect(metadata('http://metadata.example/latest/meta-data/', {})).rejects.toThrow('not on the internet');
    expect(hits).toBe(0);
  });

  it('in development calls local receivers, and only a 2xx answer counts as delivered', async () => {
    const local = createWebhookSender({ allowInternal: true });
    status = 204;
    await expect(local(`http://127.0.0.1:${port}/pb?x=1`, { 'x-test': '1' })).resolves.toBeUndefined();
    status = 302;
    await expect(local(`http://127.0.0.1:${port}/pb`, {})).rejects.toThrow('answered 302');
    status = 503;
    await expect(local(`http://127.0.0.1:${port}/pb`, {})).rejects.toThrow('answered 503');
  });
});
