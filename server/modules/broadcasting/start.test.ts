import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { silentLogger } from '../../realtime/logger.ts';
import { randomApp, RawClient } from '../../realtime/testing.ts';
import { startRealtime } from './start.ts';

// The embedded realtime server takes its per-address bound and TRUST_PROXY from the configuration.
async function handshakes(env: Record<string, string>, forwardedFor: string[]): Promise<Array<number | 'connected'>> {
  const app = randomApp();
  const realtime = await startRealtime(loadConfig({ REALTIME_PORT: '0', ...env }), app, silentLogger);
  const sockets: RawClient[] = [];
  try {
    const answers: Array<number | 'connected'> = [];
    for (const address of forwardedFor) {
      const socket = await RawClient.connect(realtime.server!.port, app.key, undefined, { 'x-forwarded-for': address });
      sockets.push(socket);
      const { event, data } = socket.handshake!;
      answers.push(event === 'pusher:connection_established' ? 'connected' : (data as { code: number }).code);
    }
    return answers;
  } finally {
    for (const socket of sockets) socket.close();
    await realtime.server!.close();
  }
}

describe('startRealtime', () => {
  it('without TRUST_PROXY counts the proxy itself: forwarded addresses change nothing', async () => {
    expect(await handshakes({ REALTIME_MAX_CONNECTIONS_PER_IP: '2' }, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual(['connected', 'connected', 4004]);
  });

  it('with TRUST_PROXY counts each forwarded address on its own', async () => {
    const env = { REALTIME_MAX_CONNECTIONS_PER_IP: '1', TRUST_PROXY: '127.0.0.1' };
    expect(await handshakes(env, ['203.0.113.1', '203.0.113.2', '203.0.113.1'])).toEqual(['connected', 'connected', 4004]);
  });
});
