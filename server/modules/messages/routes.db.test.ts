import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);

async function send(playerId: string | number, subject = 'Your withdrawal', body = 'It has been paid.') {
  return kit.call('POST', '/api/admin/messages', { token: await kit.operator(), payload: { player_id: playerId, subject, body } });
}
const inbox = (token: string) => kit.call('GET', '/api/player/messages', { token });

describe('player messages', () => {
  it('an operator’s message lands in the player’s inbox, newest first, with an unread count', async () => {
    const player = await kit.player();
    const first = await send(player.id, 'Welcome', 'Good to have you.');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ id: expect.stringMatching(/^\d+$/), subject: 'Welcome', body: 'Good to have you.', read_at: null });
    await send(Number(player.id), 'Second', 'Another one.');
    const response = await inbox(player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'Welcome']);
    expect(response.json().meta).toEqual({ unread: 2 });
    expect((await t.services.operators.actionsOn(`player:${player.id}`)).map((a) => a.action)).toEqual(['message.send', 'message.send']);
  });

  it('reading marks it read once; deleting hides it; another player’s message is a 404 and stays as it was', async () => {
    const player = await kit.player();
    const other = await kit.player();
    const id = (await send(player.id)).json().data.id as string;
    const read = await kit.call('POST', `/api/player/messages/${id}/read`, { token: player.token });
    expect(read.statusCode).toBe(200);
    const readAt = read.json().data.read_at as string;
    expect(Date.parse(readAt)).not.toBeNaN();
    expect((await kit.call('POST', `/api/player/messages/${id}/read`, { token: player.token })).json().data.read_at).toBe(readAt);
    expect((await inbox(player.token)).json().meta.unread).toBe(0);

    expect((await kit.call('POST', `/api/player/messages/${id}/read`, { token: other.token })).statusCode).toBe(404);
    expect((await kit.call('DELETE', `/api/player/messages/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await kit.call('DELETE', `/api/player/messages/${id}`, { token: player.token })).statusCode).toBe(204);
    expect((await kit.call('DELETE', `/api/player/messages/${id}`, { token: player.token })).statusCode).toBe(404);
    expect((await inbox(player.token)).json()).toEqual({ data: [], meta: { unread: 0 } });
    expect((await kit.call('POST', '/api/player/messages/abc/read', { token: player.token })).statusCode).toBe(422);
    expect((await inbox('nope')).statusCode).toBe(401);
  });

  it('publishes MessageReceived for that player with the message and the new unread count', async () => {
    const player = await kit.player();
    const seen: { playerId: number; name: string; data: unknown }[] = [];
    const stop = t.services.events.subscribe((event) => void seen.push(event));
    try {
      const id = (await send(player.id, 'Live', 'Hello')).json().data.id;
      await expect.poll(() => seen.filter((e) => e.name === 'MessageReceived').length).toBe(1);
      expect(seen.find((e) => e.name === 'MessageReceived')).toEqual({
        playerId: Number(player.id),
        name: 'MessageReceived',
        data: { message: expect.objectContaining({ id, subject: 'Live' }), unread: 1 },
      });
    } finally {
      stop();
    }
  });

  it('operators only; unknown players and bad bodies are refused and nothing is stored', async () => {
    const player = await kit.player();
    expect(
      (await kit.call('POST', '/api/admin/messages', { token: player.token, payload: { player_id: player.id, subject: 's', body: 'b' } })).statusCode,
    ).toBe(401);
    const unknown = await send('999999999');
    expect([unknown.statusCode, unknown.json().errors]).toEqual([422, { player_id: ['No player with that id.'] }]);
    for (const payload of [
      { player_id: player.id, subject: '', body: 'b' },
      { player_id: player.id, subject: '   ', body: 'b' },
      { player_id: player.id, subject: 's', body: 'x'.repeat(5001) },
      { player_id: 'abc', subject: 's', body: 'b' },
      { player_id: -4, subject: 's', body: 'b' },
      { subject: 's', body: 'b' },
    ]) {
      expect((await kit.call('POST', '/api/admin/messages', { token: await kit.operator(), payload })).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(
        422,
      );
    }
    expect((await inbox(player.token)).json().data).toEqual([]);
  });
});
