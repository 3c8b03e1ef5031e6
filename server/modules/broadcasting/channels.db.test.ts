// Every channel kind a Laravel front end uses, authorised by the app: presence channels through Echo's
// join() and private-encrypted channels through encryptedPrivate(), against our realtime server.
import Echo from 'laravel-echo';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessPublisher } from '../../realtime/publisher.ts';
import { startRealtimeServer, type RealtimeServer } from '../../realtime/server.ts';
import { eventually, once } from '../../realtime/testing.ts';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';
import { channelSharedSecret } from './service.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);
let server: RealtimeServer;
const echoes: Array<Echo<'pusher'>> = [];

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, app: t.services.broadcasting.app, onEvent: (event) => void t.services.broadcasting.realtimeEvent(event) });
  t.services.connectRealtime(createInProcessPublisher(server), { key: server.app.key, host: '', port: server.port, scheme: 'http' });
});
afterAll(async () => {
  for (const echo of echoes) echo.disconnect();
  await server?.close();
});

const auth = (token: string, socketId: string, channel: string) =>
  kit.call('POST', '/broadcasting/auth', { token, payload: { socket_id: socketId, channel_name: channel } });

/** Laravel Echo as a front end configures it, its channel authorisation going through our /broadcasting/auth. */
function echoFor(token: string): Echo<'pusher'> {
  const echo = new Echo<'pusher'>({
    broadcaster: 'pusher',
    key: server.app.key,
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    Pusher,
    authorizer: (channel: { name: string }) => ({
      authorize: (socketId: string, callback: (error: Error | null, data: { auth: string } | null) => void) => {
        void auth(token, socketId, channel.name).then((response) =>
          response.statusCode === 200 ? callback(null, response.json()) : callback(new Error(`auth ${response.statusCode}`), null),
        );
      },
    }),
  });
  echoes.push(echo);
  return echo;
}

describe('presence channels for a game (presence-game.{slug})', () => {
  it('signs any signed-in player in with an opaque id, the same on every socket, and nothing personal', async () => {
    const player = await kit.player();
    const other = await kit.player();
    const first = await auth(player.token, '1.1', 'presence-game.classic-slot');
    expect(first.statusCode).toBe(200);
    const data = JSON.parse(first.json().channel_data) as { user_id: string; user_info: Record<string, unknown> };
    expect(data.user_id).toMatch(/^[0-9a-f]{20}$/);
    expect(data.user_info).toEqual({ id: data.user_id });
    expect(first.body).not.toContain(player.email);
    expect(first.body).not.toContain(`"${player.id}"`);
    const again = JSON.parse((await auth(player.token, '2.2', 'presence-game.roulette')).json().channel_data);
    expect(again.user_id).toBe(data.user_id);
    const theirs = JSON.parse((await auth(other.token, '1.1', 'presence-game.classic-slot')).json().channel_data);
    expect(theirs.user_id).not.toBe(data.user_id);
    for (const channel of ['presence-game.', 'presence-game.Bad_Slug', 'presence-lobby', `presence-App.Models.User.${player.id}`]) {
      expect((await auth(player.token, '1.1', channel)).statusCode, channel).toBe(403);
    }
  });

  it('Echo join(): both players see each other, the lobby hears PlayingNow and /api/playing-now counts them', async () => {
    const slug = 'classic-slot';
    const lobbyClient = new Pusher(server.app.key, { cluster: 'local', wsHost: '127.0.0.1', wsPort: server.port, forceTLS: false, enabledTransports: ['ws'] });
    const lobby = lobbyClient.subscribe('lobby');
    const counts: number[] = [];
    lobby.bind('App\\Events\\PlayingNow', (data: { game: string; count: number }) => {
      if (data.game === slug) counts.push(data.count);
    });
    await once((done) => lobby.bind('pusher:subscription_succeeded', done));

    const alice = await kit.player();
    const bob = await kit.player();
    const here = await new Promise<unknown[]>((resolve) => echoFor(alice.token).join(`game.${slug}`).here(resolve));
    expect(here).toHaveLength(1);
    const joining = new Promise<unknown>((resolve) => echoes[0]!.join(`game.${slug}`).joining(resolve));
    const bobHere = await new Promise<unknown[]>((resolve) => echoFor(bob.token).join(`game.${slug}`).here(resolve));
    expect(bobHere).toHaveLength(2);
    expect(await joining).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{20}$/) });

    await eventually(() => counts.at(-1) === 2);
    expect((await kit.call('GET', '/api/playing-now')).json().data).toMatchObject({ [slug]: 2 });
    echoes[1]!.leave(`game.${slug}`);
    await eventually(() => counts.at(-1) === 1);
    expect((await kit.call('GET', '/api/playing-now')).json().data).toMatchObject({ [slug]: 1 });
    lobbyClient.disconnect();
  });
});

describe('private-encrypted channels (Echo encryptedPrivate)', () => {
  it('answers the player’s own encrypted channel with Pusher’s shared_secret, and refuses another’s', async () => {
    const player = await kit.player();
    const other = await kit.player();
    const channel = `private-encrypted-App.Models.User.${player.id}`;
    const response = await auth(player.token, '5.6', channel);
    expect(response.statusCode).toBe(200);
    const { shared_secret } = response.json() as { shared_secret: string };
    // As the `pusher` SDK derives it, and as Pusher specifies: SHA-256 of the channel name and the master key.
    const sdk = new PusherServer({ appId: 'x', key: 'k', secret: 's', host: '127.0.0.1', encryptionMasterKeyBase64: t.services.broadcasting.masterKey });
    const sdkSecret = (sdk as unknown as { channelSharedSecret(name: string): Buffer }).channelSharedSecret(channel);
    expect(shared_secret).toBe(Buffer.from(sdkSecret).toString('base64'));
    expect(shared_secret).toBe(channelSharedSecret(channel, t.services.broadcasting.masterKey).toString('base64'));
    expect((await auth(other.token, '5.6', channel)).statusCode).toBe(403);
  });

  it('an event the `pusher` SDK encrypts with the same master key arrives decrypted in Echo', async () => {
    const player = await kit.player();
    const channel = echoFor(player.token).encryptedPrivate(`App.Models.User.${player.id}`);
    await new Promise((resolve) => channel.subscribed(resolve));
    const received = new Promise((resolve) => channel.listen('.Secret', resolve));
    const app = t.services.broadcasting.app;
    const sdk = new PusherServer({
      appId: app.id,
      key: app.key,
      secret: app.secret,
      host: '127.0.0.1',
      port: String(server.port),
      useTLS: false,
      encryptionMasterKeyBase64: t.services.broadcasting.masterKey,
    });
    await sdk.trigger(`private-encrypted-App.Models.User.${player.id}`, 'Secret', { balance: 7_00 });
    expect(await received).toEqual({ balance: 7_00 });
  });
});
