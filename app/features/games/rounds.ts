import type { ApiAnswer } from '../../lib/api.ts';

// Rounds as the server sends them, derived from the rounds endpoints in the contract: the request a round was
// played with is the engine's plain data (a record), whatever the game.

/** One of the player's rounds (GET /api/player/rounds, …/rounds/{id}). */
export type GameRound = ApiAnswer<'GET', `/api/player/rounds/${string}`>['data'];
/** A round just played or moved on, with the balance after it (POST /api/games/{slug}/rounds, …/actions). */
export type PlayedRound = ApiAnswer<'POST', `/api/games/${string}/rounds`>['data'];
