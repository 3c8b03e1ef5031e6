import { createHmac } from 'node:crypto';
import Pusher from 'pusher-js';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { createInProcessPublisher } from '../../realtime/publisher.ts';
import { startRealtimeServer, type RealtimeServer } from '../../realtime/server.ts';
import { once } from '../../realtime/testing.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);
const sign = (value: string) => createHmac('sha256', t.services.broadcasting.app.secret).update(value).digest('hex');

describe('POST /broadcasting/auth and /api/broadcasting/auth', () => {
  it('signs the player’s own private channel, form-encoded or JSON, by bearer token or cookie', async () => {
    const player = await kit.player();
    const channel = `private-App.Models.User.${player.id}`;
    const expected = { auth: `${t.services.broadcasting.app.key}:${sign(`123.456:${channel}`)}` };
    const json = await kit.call('POST', '/api/broadcasting/auth', { token: player.token, payload: { socket_id: '123.456', channel_name: channel } });
    expect([json.statusCode, json.json()]).toEqual([200, expected]);
    const form = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      cookies: { token: player.token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=123.456&channel_name=${encodeURIComponent(channel)}`,
    });
    expect([form.statusCode, form.json()]).toEqual([200, expected]);
  });

  it('refuses any other private or presence channel with 403, guests with 401 and malformed input with 422', async () => {
    const player = await kit.player();
    const other = await kit.player();
    for (const channel of [`private-App.Models.User.${other.id}`, 'private-admin', `presence-App.Models.User.${player.id}`, 'public-lobby']) {
      const response = await kit.call('POST', '/broadcasting/auth', { token: player.token, payload: { socket_id: '1.2', channel_name: channel } });
      expect(response.statusCode, channel).toBe(403);
      expect(response.json().message).toBe('You may not subscribe to this channel.');
    }
    expect(
      (await kit.call('POST', '/broadcasting/auth', { payload: { socket_id: '1.2', channel_name: `private-App.Models.User.${player.id}` } })).statusCode,
    ).toBe(401);
    for (const payload of [
      { channel_name: `private-App.Models.User.${player.id}` },
      { socket_id: 'abc', channel_name: `private-App.Models.User.${player.id}` },
      { socket_id: '1.2' },
      { socket_id: '1.2', channel_name: 'bad name!' },
    ]) {
      expect((await kit.call('POST', '/broadcasting/auth', { token: player.token, payload })).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});

describe('POST /broadcasting/user-auth', () => {
  it('signs the player in with their id as a non-empty string, and no personal data', async () => {
    const player = await kit.player();
    const response = await kit.call('POST', '/broadcasting/user-auth', { token: player.token, payload: { socket_id: '77.88' } });
    expect(response.statusCode).toBe(200);
    const { auth, user_data } = response.json() as { auth: string; user_data: string };
    expect(JSON.parse(user_data)).toEqual({ id: player.id });
    expect(response.body).not.toContain(player.email);
    expect(auth).toBe(`${t.services.broadcasting.app.key}:${sign(`77.88::user::${user_data}`)}`);
    expect((await kit.call('POST', '/api/broadcasting/user-auth', { payload: { socket_id: '77.88' } })).statusCode).toBe(401);
    expect((await kit.call('POST', '/api/broadcasting/user-auth', { token: player.token, payload: { socket_id: 'x' } })).statusCode).toBe(422);
  });
});

describe('live events through the realtime server', () => {
  let server: RealtimeServer | undefined;
  const clients: Pusher[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.close();
  });

  it('pusher-js, authorised by our endpoint, receives BalanceUpdated after a deposit and MessageReceived after an operator writes', async () => {
    server = await startRealtimeServer({ port: 0, app: t.services.broadcasting.app });
    t.services.connectRealtime(createInProcessPublisher(server), { key: server.app.key, host: '', port: server.port, scheme: 'http' });
    expect((await kit.call('GET', '/api/settings/get')).json().data.realtime).toEqual({ key: server.app.key, host: '', port: server.port, scheme: 'http' });

    const player = await kit.player();
    const client = new Pusher(server.app.key, {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: server.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => {
          void kit
            .call('POST', '/broadcasting/auth', { token: player.token, payload: { socket_id: socketId, channel_name: channelName } })
            .then((response) => (response.statusCode === 200 ? callback(null, response.json()) : callback(new Error(`auth ${response.statusCode}`), null)));
        },
      },
    });
    clients.push(client);
    const channel = client.subscribe(`private-App.Models.User.${player.id}`);
    await once((done) => channel.bind('pusher:subscription_succeeded', done));

    const messages: { message: { subject: string }; unread: number }[] = [];
    channel.bind('App\\Events\\MessageReceived', (data: { message: { subject: string }; unread: number }) => messages.push(data));
    const balance = once<{ wallet: { balance: number } }>((done) => channel.bind('App\\Events\\BalanceUpdated', done), 5_000);
    await kit.deposit(player.token, 40_00);
    expect((await balance).wallet.balance).toBe(40_00);
    // The credited deposit's notice (decision 0119) arrives as the first message.
    await expect.poll(() => messages.length, { timeout: 5_000 }).toBe(1);

    await kit.call('POST', '/api/admin/messages', { token: await kit.operator(), payload: { player_id: player.id, subject: 'Hello', body: 'Live.' } });
    await expect.poll(() => messages.length, { timeout: 5_000 }).toBe(2);
    expect(messages[1]).toMatchObject({ message: { subject: 'Hello' }, unread: 2 });

    // Another player's channel is refused by our endpoint, so pusher-js reports a subscription error.
    const other = await kit.player();
    const refused = client.subscribe(`private-App.Models.User.${other.id}`);
    await once((done) => refused.bind('pusher:subscription_error', done));
  });
});
