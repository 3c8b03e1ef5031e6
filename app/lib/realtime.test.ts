import { describe, expect, it } from 'vitest';
import { connectionState, DEFAULT_REALTIME_PORT, echoOptions, REALTIME_MESSAGES, REALTIME_TIMING, realtimeUserId } from './realtime.ts';

describe('the realtime client settings', () => {
  it('uses SPEC.md §9’s timings and falls back to port 8080 and the page’s host', () => {
    expect(REALTIME_TIMING).toEqual({ activityTimeout: 120_000, pongTimeout: 30_000, unavailableTimeout: 10_000 });
    expect(DEFAULT_REALTIME_PORT).toBe(8080);
    const options = echoOptions({ key: 'k', host: '', port: 0, scheme: 'http' }, 'casino.example');
    expect(options).toMatchObject({
      broadcaster: 'pusher',
      key: 'k',
      wsHost: 'casino.example',
      wsPort: 8080,
      forceTLS: false,
      enabledTransports: ['ws'],
      authEndpoint: '/broadcasting/auth',
      userAuthentication: { endpoint: '/broadcasting/user-auth' },
      namespace: 'App.Events',
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
    });
  });

  it('uses TLS when the scheme is https, on the configured host and port', () => {
    expect(echoOptions({ key: 'k', host: 'ws.casino.example', port: 443, scheme: 'https' }, 'casino.example')).toMatchObject({
      wsHost: 'ws.casino.example',
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['wss'],
    });
  });

  it('signs in only with a non-empty string user id (SPEC.md §5)', () => {
    expect(realtimeUserId('42')).toBe('42');
    for (const id of ['', 42, null, undefined, { id: '1' }]) expect(realtimeUserId(id)).toBeNull();
  });

  it('folds pusher-js states into connecting, connected and disconnected', () => {
    expect(['initialized', 'connecting', 'connected', 'unavailable', 'failed', 'disconnected'].map(connectionState)).toEqual([
      'connecting',
      'connecting',
      'connected',
      'disconnected',
      'disconnected',
      'disconnected',
    ]);
  });

  it('carries SPEC.md §8’s messages', () => {
    expect(Object.values(REALTIME_MESSAGES)).toEqual(['Server lost session', 'Could not start streaming', 'Connection interrupted']);
  });
});
