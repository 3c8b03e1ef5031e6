import type { ProviderListing, SyncCounts } from '../catalog/provider-games.ts';
import type { LedgerTransaction, TransferEntry } from '../ledger/service.ts';

// What the providers module asks of other modules (DESIGN.md "Modules meet through named ports"); the composition
// root (server/services.ts) binds each once. The shapes are the askers' words: a module that answers binds to them.

/** An aggregator's game as our catalogue knows it. */
export type ProviderGame = {
  /** The catalogue's game id: the bonuses' contribution goes by its category. */
  id: number;
  slug: string;
  /** Shown in the player's history for the game's stakes and wins. */
  name: string;
  /** The catalogue category's slug (`slots`, `table-games`, `live`…): stake caps and loyalty points go by it. */
  category: string | null;
};

/** The catalogue: the game an aggregator's game code names, or null for none we offer (unknown or switched off). */
export type ProviderGames = { gameOf(gameCode: string): Promise<ProviderGame | null> };

/** The accounts: what the aggregator is told about a player (whether they may stake, the limits ask: StakeGuard). */
export type PlayerDirectory = {
  profile(playerId: number): Promise<{ birthDate: string | null; country: string | null; registeredAt: Date } | null>;
};

/** Responsible gambling (the limits module): may this player stake this much now? */
export type StakeGuard = {
  /**
   * Throws (a 4xx Problem) when the player may not stake `stake` now: a blocked or not activated account (with
   * `standing`), a time-out, a self-exclusion, the session limit, a due reality check, the slot stake cap (engine
   * `slot`), the wager and loss limits; all read in one statement. Before any money moves.
   */
  guardStake(playerId: number, stake: { stake: number; engine: string; field: string; standing?: boolean }): Promise<void>;
  /** Of these players, those kept from play now (time-out, self-exclusion): asked again once a stake has moved. */
  keptFromPlay(playerIds: number[]): Promise<Set<number>>;
};

/** How the bonuses pay a stake (cash first, then bonus money) and split what comes back, as for our own games. */
export type FundingSource = {
  /** Entries moving the stake from the player to the house's game account; throws a 400 Problem (bonus rule) first. */
  fundStake(
    playerId: number,
    game: { id: number; slug: string },
    stake: number,
  ): Promise<{
    entries: TransferEntry[];
    /** Inside the stake's transaction: the bonus's wagering and the stake's split, under `roundId`. */
    record?: (tx: LedgerTransaction, journalKey: string, roundId: string) => Promise<void>;
    accounts: { cash: number; bonus: number };
    /** Balances known before the stake; bonus 0 when no bonus holds money (then the cash after is the balance). */
    before: { cash?: number; bonus?: number };
  }>;
  /** Entries paying `amount` back from the house's game account, split as the stakes recorded under `round.id` were. */
  fundWin(
    round: { id: string; playerId: number },
    amount: number,
    /** How the stake was paid when the caller kept it: an all-cash stake's win needs no look at the bonuses' records. */
    known?: { stake: { cash: number; bonus: number } },
  ): Promise<{ entries: TransferEntry[]; record?: (tx: LedgerTransaction) => Promise<void> }>;
  /** Inside the transaction that gives the stake recorded under `round.id` back: its wagering is taken off, once. */
  stakeGivenBack(tx: LedgerTransaction, round: { id: string; playerId: number }): Promise<void>;
  /** After the money moved: a bonus whose wagering is done converts; true when a bonus was touched. */
  afterRound(playerId: number): Promise<boolean>;
};

/** The clubs: loyalty points for the cash part of a stake, inside the stake's transaction, once per key; and back. */
export type LoyaltyEarner = {
  earnPoints(tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }): Promise<unknown>;
  /** Inside the transaction that gives a stake back: what `earnPoints` made of it (points and carry) is taken back. */
  givePointsBack(tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }): Promise<void>;
  /**
   * A stake taken in one statement (instant.ts) adds its earning part to the player's carry there: `slots` says which
   * carry, and `convert` then turns whole points of the carry it left into points under the stake's key.
   */
  carry: {
    slots(engine: string): boolean;
    convert(stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }, carry: number): Promise<void>;
  };
  /** After the stake's commit: a tier reached is kept, and the loyalty pages hear the new points. */
  afterRound(playerId: number): Promise<void>;
};

/** The wallet: the balance the player can play with (cash and bonus), read, or read and announced (BalanceUpdated). */
export type BalanceReader = {
  balanceOf(playerId: number): Promise<number>;
  announce(playerId: number): Promise<number>;
};

/** One game of an aggregator's list, in the catalogue's words (decision 0100): the catalogue declares it. */
export type GameListing = ProviderListing;

/** A game as a launch sees it. */
export type LaunchableGame = {
  id: number;
  slug: string;
  name: string;
  /** `house` for our own games, else the aggregator whose game it is. */
  source: string;
  code: string | null;
  /** Switched on by an operator and still on the aggregator's list. */
  offered: boolean;
  demo: boolean;
  blockedCountries: string[];
};

/** The catalogue, for aggregators' games: it applies their list (only it writes its tables) and says what may launch. */
export type ProviderCatalogue = {
  sync(provider: 'hub88', listings: GameListing[]): Promise<SyncCounts>;
  launchable(slug: string): Promise<LaunchableGame | null>;
  /** The aggregator's games these codes name, offered or not, by code (a player's free rounds show their names). */
  byCodes(provider: 'hub88', codes: string[]): Promise<Map<string, { slug: string; name: string; offered: boolean }>>;
};

/** Whether the site and the player may start a game now: the maintenance switch and the limits' exclusions. */
export type LaunchGate = {
  underMaintenance(): Promise<boolean>;
  /** Throws a 403 Problem (type `excluded`) during a time-out or a self-exclusion. */
  assertMayPlay(playerId: number): Promise<void>;
};
