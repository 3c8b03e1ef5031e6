// Protocol 7 conformance as the ecosystem's own client sees it: pusher-js in Node against our server.
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeServer, type RealtimeServer } from './server.ts';
import { collect, connectedClient, disconnectAll, eventually, once, pusherClient, randomApp, sdkFor, subscribed } from './testing.ts';

const app = randomApp();
let server: RealtimeServer;

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, app, clientEventsPerSecond: 5 });
});
afterEach(() => disconnectAll());
afterAll(() => server.close());

type PusherErrorEvent = { type: string; data?: { code: number | null; message: string }; error?: { data?: { code: number } } };

describe('connection', () => {
  it('completes the handshake with a socket id and counts the connection', async () => {
    const client = await connectedClient(app, server.port);
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
    await eventually(() => server.connectionCount() >= 1);
  });

  it('refuses an unknown app key with 4001, which pusher-js reports and does not retry', async () => {
    const client = pusherClient(app, server.port, { key: 'not-our-key' });
    const error = await once<PusherErrorEvent>((callback) => client.connection.bind('error', callback));
    expect(error.error?.data?.code).toBe(4001);
    await eventually(() => client.connection.state === 'disconnected');
    client.disconnect();
  });
});

describe('channels', () => {
  it('subscribes to a public channel and receives what the server publishes', async () => {
    const client = await connectedClient(app, server.port);
    const channel = await subscribed(client, 'lobby');
    const received = once<unknown>((callback) => channel.bind('App\\Events\\JackpotWon', callback));
    await server.publish(['lobby'], 'App\\Events\\JackpotWon', { amount: 1250, currency: 'EUR' });
    expect(await received).toEqual({ amount: 1250, currency: 'EUR' });
  });

  it('subscribes to a private channel with a valid signature', async () => {
    const client = await connectedClient(app, server.port);
    const channel = await subscribed(client, 'private-App.Models.User.7');
    const received = once((callback) => channel.bind('App\\Events\\BalanceUpdated', callback));
    await server.publish(['private-App.Models.User.7'], 'App\\Events\\BalanceUpdated', { balance: 100 });
    expect(await received).toEqual({ balance: 100 });
  });

  it('refuses a private channel signed with the wrong secret, and the connection goes on', async () => {
    const client = await connectedClient(app, server.port, { sign: { ...app, secret: 'not-the-secret-at-all' } });
    const channel = client.subscribe('private-App.Models.User.8');
    const failure = await once<{ type: string; status: number }>((callback) => channel.bind('pusher:subscription_error', callback));
    expect(failure).toMatchObject({ type: 'AuthError', status: 401 });
    expect(channel.subscribed).toBe(false);
    await subscribed(client, 'still-works');
  });

  it('refuses App.Models.User.{id} without its private- prefix, as it refuses a bad signature, and the connection goes on', async () => {
    const client = await connectedClient(app, server.port);
    const unprefixed = client.subscribe('App.Models.User.9');
    const failure = await once<{ type: string; error: string; status: number }>((callback) => unprefixed.bind('pusher:subscription_error', callback));
    expect(failure).toEqual({ type: 'AuthError', error: 'App.Models.* channels are private; use private-App.Models.User.9', status: 401 });
    expect(unprefixed.subscribed).toBe(false);
    expect((await server.channelInfo('App.Models.User.9')).occupied).toBe(false);
    expect(client.connection.state).toBe('connected');
    await subscribed(client, 'private-App.Models.User.9');
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const listener = await connectedClient(app, server.port);
    const watcher = await connectedClient(app, server.port);
    const channel = await subscribed(listener, 'table-3');
    const seen = collect(channel, 'card');
    const control = await subscribed(watcher, 'table-3');
    listener.unsubscribe('table-3');
    await eventually(async () => (await server.channelInfo('table-3')).subscriptionCount === 1);
    const arrived = once((callback) => control.bind('card', callback));
    await server.publish(['table-3'], 'card', 'K♠');
    await arrived;
    expect(seen).toEqual([]);
  });
});

describe('presence', () => {
  it('lists members on subscription and announces each user once, however many sockets they have', async () => {
    const channelName = 'presence-table-1';
    const alice = await connectedClient(app, server.port, { presence: { user_id: 'alice', user_info: { seat: 1 } } });
    const aliceChannel = (await subscribed(alice, channelName)) as PresenceChannel;
    const added = collect(aliceChannel, 'pusher:member_added');
    const removed = collect(aliceChannel, 'pusher:member_removed');

    const bob = await connectedClient(app, server.port, { presence: { user_id: 'bob', user_info: { seat: 2 } } });
    const bobChannel = (await subscribed(bob, channelName)) as PresenceChannel;
    expect(bobChannel.members.count).toBe(2);
    expect(bobChannel.members.get('alice')).toEqual({ id: 'alice', info: { seat: 1 } });
    expect(bobChannel.members.me).toEqual({ id: 'bob', info: { seat: 2 } });
    await eventually(() => added.length === 1);

    const bobAgain = await connectedClient(app, server.port, { presence: { user_id: 'bob', user_info: { seat: 2 } } });
    await subscribed(bobAgain, channelName);
    bob.disconnect();
    // A published marker after both changes: anything the server sent for them arrived before it.
    const marker = once((callback) => aliceChannel.bind('marker', callback));
    await eventually(async () => (await server.channelInfo(channelName)).subscriptionCount === 2);
    await server.publish([channelName], 'marker', {});
    await marker;
    expect(added.map((event) => event.data)).toEqual([{ id: 'bob', info: { seat: 2 } }]);
    expect(removed).toEqual([]);
    expect((await server.channelInfo(channelName)).userCount).toBe(2);

    bobAgain.disconnect();
    await eventually(() => removed.length === 1);
    expect(removed[0]?.data).toEqual({ id: 'bob', info: { seat: 2 } });
    expect(aliceChannel.members.count).toBe(1);
    expect(await server.presenceUserIds(channelName)).toEqual(['alice']);
  });

  it('refuses a newcomer to a full presence channel, but not another socket of a member', async () => {
    const small = await startRealtimeServer({ port: 0, app, maxPresenceMembers: 1 });
    try {
      const member = await connectedClient(app, small.port, { presence: { user_id: 'only-one' } });
      await subscribed(member, 'presence-private-table');
      const secondSocket = await connectedClient(app, small.port, { presence: { user_id: 'only-one' } });
      await subscribed(secondSocket, 'presence-private-table');
      const newcomer = await connectedClient(app, small.port, { presence: { user_id: 'newcomer' } });
      const channel = newcomer.subscribe('presence-private-table');
      const failure = await once<{ type: string; status: number }>((callback) => channel.bind('pusher:subscription_error', callback));
      expect(failure).toMatchObject({ type: 'LimitReached', status: 403 });
      expect(await small.presenceUserIds('presence-private-table')).toEqual(['only-one']);
    } finally {
      disconnectAll();
      await small.close();
    }
  });

  it('refuses presence channel_data without a user id', async () => {
    const client = await connectedClient(app, server.port, { presence: { user_id: '' } });
    const channel = client.subscribe('presence-empty-id');
    const failure = await once<{ status: number }>((callback) => channel.bind('pusher:subscription_error', callback));
    expect(failure.status).toBe(400);
  });
});

describe('client events', () => {
  it('reaches the other subscribers of a private channel but not the sender', async () => {
    const sender = await connectedClient(app, server.port);
    const receiver = await connectedClient(app, server.port);
    const senderChannel = await subscribed(sender, 'private-chat-1');
    const receiverChannel = await subscribed(receiver, 'private-chat-1');
    const echoed = collect(senderChannel, 'client-typing');
    const received = once((callback) => receiverChannel.bind('client-typing', callback));
    senderChannel.trigger('client-typing', { who: 'sender' });
    expect(await received).toEqual({ who: 'sender' });
    const marker = once((callback) => senderChannel.bind('marker', callback));
    await server.publish(['private-chat-1'], 'marker', {});
    await marker;
    expect(echoed).toEqual([]);
  });

  it('names the sending user on presence channels', async () => {
    const dealer = await connectedClient(app, server.port, { presence: { user_id: 'dealer' } });
    const player = await connectedClient(app, server.port, { presence: { user_id: 'player-9' } });
    const dealerChannel = await subscribed(dealer, 'presence-table-2');
    const playerChannel = await subscribed(player, 'presence-table-2');
    const seen = collect(dealerChannel, 'client-bet');
    playerChannel.trigger('client-bet', { chips: 5 });
    await eventually(() => seen.length === 1);
    expect(seen[0]).toEqual({ data: { chips: 5 }, userId: 'player-9' });
  });

  it('refuses client events on public channels and from sockets not subscribed', async () => {
    const sender = await connectedClient(app, server.port);
    const receiver = await connectedClient(app, server.port);
    const publicChannel = await subscribed(sender, 'public-room');
    const receiverPublic = await subscribed(receiver, 'public-room');
    const receiverPrivate = await subscribed(receiver, 'private-room');
    const leaked = [...[collect(receiverPublic, 'client-hello')], collect(receiverPrivate, 'client-hello')];

    const refusedPublic = once<PusherErrorEvent>((callback) => sender.connection.bind('error', callback));
    publicChannel.trigger('client-hello', {});
    expect((await refusedPublic).data?.code).toBe(4304);

    const refusedPrivate = once<PusherErrorEvent>((callback) => sender.connection.bind('error', callback));
    sender.send_event('client-hello', {}, 'private-room');
    expect((await refusedPrivate).data?.code).toBe(4304);

    const marker = once((callback) => receiverPrivate.bind('marker', callback));
    await server.publish(['private-room'], 'marker', {});
    await marker;
    expect(leaked.flat()).toEqual([]);
  });

  it('limits each connection to its rate and answers the excess with 4301', async () => {
    const sender = await connectedClient(app, server.port);
    const receiver = await connectedClient(app, server.port);
    const senderChannel = await subscribed(sender, 'private-rate');
    const seen = collect(await subscribed(receiver, 'private-rate'), 'client-spin');
    const errors: number[] = [];
    sender.connection.bind('error', (error: PusherErrorEvent) => errors.push(error.data?.code ?? 0));
    for (let i = 0; i < 12; i++) senderChannel.trigger('client-spin', { i });
    await eventually(() => seen.length + errors.length === 12);
    // The server allows 5 per second with a burst of 5; 12 sent at once cannot all pass.
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen.length).toBeLessThan(7);
    expect(new Set(errors)).toEqual(new Set([4301]));
    expect(seen.map((event) => (event.data as { i: number }).i)).toEqual([...Array(seen.length).keys()]);
  });
});

describe('user authentication', () => {
  it('signs in, subscribes to the user channel and receives events sent to the user', async () => {
    const client = await connectedClient(app, server.port, { user: { id: 'player-42', name: 'Ada' } });
    client.signin();
    await client.user.signinDonePromise;
    expect(client.user.user_data).toEqual({ id: 'player-42', name: 'Ada' });
    await eventually(async () => (await server.channelInfo('#server-to-user-player-42')).occupied);
    const received = once((callback) => client.user.bind('App\\Events\\BonusGranted', callback));
    await sdkFor(app, server.port).sendToUser('player-42', 'App\\Events\\BonusGranted', { bonus: 'welcome' });
    expect(await received).toEqual({ bonus: 'welcome' });
  });

  it('closes with 4009 on a bad signin signature', async () => {
    const client = await connectedClient(app, server.port, { user: { id: 'player-43' }, sign: { ...app, secret: 'wrong-secret-wrong-secret' } });
    const error = once<PusherErrorEvent>((callback) => client.connection.bind('error', callback));
    client.signin();
    expect((await error).data?.code).toBe(4009);
    await eventually(() => client.connection.state === 'disconnected');
  });
});
