// Issue 34 §6: the wallet history names the game of each bet and win; other rows carry no game.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { gamesKit } from '../games/testing.ts';

const t = useTestApp();
const kit = gamesKit(t);

type Row = { type: string; reference_id: string | null; game_name?: string };

describe('GET /api/player/transactions names the game of bets and wins', () => {
  it('a roulette round’s bet and win read "European Roulette"; the funding deposit names no game', async () => {
    const player = await kit.fundedPlayer(100_00);
    const bets = [
      { type: 'red', amount: 1_00 },
      { type: 'black', amount: 1_00 },
    ];
    const played = await kit.play('european-roulette', { mode: 'real', bets }, { token: player.token });
    expect(played.statusCode).toBe(201);
    const roundId = played.json().data.round_id as string;
    const response = await kit.call('GET', '/api/player/transactions', { token: player.token });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as Row[];
    const ofRound = rows.filter((row) => row.reference_id === roundId);
    expect(ofRound.length).toBeGreaterThan(0);
    for (const row of ofRound) expect(row.game_name).toBe('European Roulette');
    for (const row of rows.filter((row) => row.type !== 'bet' && row.type !== 'win')) expect(row).not.toHaveProperty('game_name');
  });

  it('names nothing for an id no game knows, and the wallet port answers an empty list without a query', async () => {
    expect(await t.services.games.roundGameNames([])).toEqual(new Map());
    expect(await t.services.games.roundGameNames(['not-a-uuid', '0f8fad5b-d9cb-469f-a165-70867728950e'])).toEqual(new Map());
    expect(await t.services.crash.betGameNames(['0f8fad5b-d9cb-469f-a165-70867728950e'])).toEqual(new Map());
  });

  it('needs a session', async () => {
    expect((await kit.call('GET', '/api/player/transactions', {})).statusCode).toBe(401);
  });
});
