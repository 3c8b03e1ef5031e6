// Demo play for anyone, guests included (docs/decisions/0041-games-api.md): a session of fun credits and its own
// provably fair seeds, kept in this process's memory under an unguessable id the browser holds in a cookie.
// Nothing of it reaches the database or the ledger; memory is bounded by evicting the least recently used.

import { randomBytes } from 'node:crypto';
import { DEMO_BALANCE, type FairnessSeeds, type RoundRequest, type RoundStatus, type SeedRotation } from '../../../contract/games.ts';
import type { MoveState } from './engines.ts';
import { defaultClientSeed, generateServerSeed, hashServerSeed } from '../../../games/fairness.ts';
import { Problem } from '../../problem.ts';
import type { PlayableGame } from '../catalog/service.ts';
import { openHandProblem } from './fairness.ts';

export const DEMO_COOKIE = 'demo_session';
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export type DemoSeed = { serverSeed: string; serverSeedHash: string; clientSeed: string; nextNonce: number; revealed: boolean };

export type DemoRound = {
  id: string;
  game: Pick<PlayableGame, 'slug' | 'engine' | 'engineConfig'>;
  status: RoundStatus;
  stake: number;
  win: number;
  request: RoundRequest;
  requestHash: string;
  key: string | null;
  outcome: Record<string, unknown> | null;
  state: MoveState | null;
  moves: { action: string; key: string | null }[];
  seed: DemoSeed;
  clientSeed: string;
  nonce: number;
  createdAt: Date;
  settledAt: Date | null;
};

export type DemoSession = {
  id: string;
  balance: number;
  seed: DemoSeed;
  /** Recent rounds, oldest first; an open blackjack hand is kept until it ends. */
  rounds: Map<string, DemoRound>;
  /** Idempotency-Key → round id, for the rounds kept. */
  keys: Map<string, string>;
  /** Rounds being computed, by Idempotency-Key. */
  pending: Map<string, Promise<DemoRound>>;
  touchedAt: number;
};

export type DemoSessions = ReturnType<typeof createDemoSessions>;

export function createDemoSessions({ maxSessions = 10_000, idleMs = 24 * 3600_000, roundsKept = 20, now = () => Date.now() } = {}) {
  // A Map iterates in insertion order; touching re-inserts, so the first entry is the least recently used.
  const sessions = new Map<string, DemoSession>();

  async function freshSeed(clientSeed: string): Promise<DemoSeed> {
    const serverSeed = generateServerSeed();
    return { serverSeed, serverSeedHash: await hashServerSeed(serverSeed), clientSeed, nextNonce: 0, revealed: false };
  }

  const view = (session: DemoSession): FairnessSeeds => ({
    mode: 'demo',
    server_seed_hash: session.seed.serverSeedHash,
    client_seed: session.seed.clientSeed,
    nonce: session.seed.nextNonce,
  });

  function find(id: string | undefined): DemoSession | undefined {
    const found = id && ID_PATTERN.test(id) ? sessions.get(id) : undefined;
    if (!found) return undefined;
    sessions.delete(found.id);
    if (now() - found.touchedAt >= idleMs) return undefined;
    sessions.set(found.id, found);
    found.touchedAt = now();
    return found;
  }

  const hasOpenHand = (session: DemoSession) => [...session.rounds.values()].some((round) => round.status === 'open' && round.seed === session.seed);

  return {
    /** The live session the cookie names, if any (using it keeps it alive). */
    find,

    /** The session the cookie names, or a new one (`created`) when it names none that is still alive. */
    async open(id: string | undefined): Promise<{ session: DemoSession; created: boolean }> {
      const found = find(id);
      if (found) return { session: found, created: false };
      const session: DemoSession = {
        id: randomBytes(16).toString('base64url'),
        balance: DEMO_BALANCE,
        seed: await freshSeed(defaultClientSeed()),
        rounds: new Map(),
        keys: new Map(),
        pending: new Map(),
        touchedAt: now(),
      };
      sessions.set(session.id, session);
      for (const oldest of sessions.keys()) {
        if (sessions.size <= maxSessions) break;
        sessions.delete(oldest);
      }
      return { session, created: true };
    },

    /** Keeps a round (and its key) among the session's recent ones, forgetting the oldest finished ones. */
    remember(session: DemoSession, round: DemoRound): void {
      session.rounds.set(round.id, round);
      if (round.key) session.keys.set(round.key, round.id);
      for (const old of session.rounds.values()) {
        if (session.rounds.size <= roundsKept) break;
        if (old.status === 'open') continue;
        session.rounds.delete(old.id);
        if (old.key) session.keys.delete(old.key);
      }
    },

    seeds: view,

    setClientSeed(session: DemoSession, clientSeed: string): FairnessSeeds {
      session.seed.clientSeed = clientSeed;
      return view(session);
    },

    async rotate(session: DemoSession): Promise<SeedRotation> {
      if (hasOpenHand(session)) throw openHandProblem();
      const old = session.seed;
      const next = await freshSeed(old.clientSeed);
      // Checked again: another request of this session may have dealt a hand or rotated while the new seed was hashed.
      if (session.seed !== old) throw new Problem(409, 'Your seeds changed at the same moment; try again.');
      if (hasOpenHand(session)) throw openHandProblem();
      old.revealed = true;
      session.seed = next;
      return { ...view(session), previous_server_seed: old.serverSeed, previous_server_seed_hash: old.serverSeedHash };
    },

    resetBalance(session: DemoSession): number {
      session.balance = DEMO_BALANCE;
      return session.balance;
    },

    /** How many sessions are held (for tests and monitoring). */
    size: () => sessions.size,
  };
}
