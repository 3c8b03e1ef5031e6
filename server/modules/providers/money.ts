import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LedgerService, TransferEntry } from '../ledger/service.ts';
import type { BalanceReader, FundingSource, LoyaltyEarner, PlayerDirectory, ProviderGame, ProviderGames, StakeGuard } from './ports.ts';
import type { InstantTransactions } from './instant.ts';
import type { ProviderSessions } from './sessions.ts';
import type { ProviderStore, Response } from './store.ts';

// What the bets and settlements share (docs/decisions/0096-hub88-seamless-wallet.md): their dependencies, the
// outcome a wallet call ends in, and the house side of an aggregator's money.

/** Why a call was refused before anything was recorded: the same request asked again is judged again. */
export type Refusal = 'invalid_token' | 'token_expired' | 'unknown_user' | 'wrong_currency' | 'invalid_game' | 'duplicate' | 'does_not_exist';

export type Player = { id: number; reference: string };

/** A wallet call's end: `player` and `balance` when the call was about a player it may be told about. */
export type Outcome = { outcome: Response | Refusal; player: Player | null; balance: number | null };

export type WalletDependencies = {
  db: Database;
  ledger: LedgerService;
  /** The wallet's one currency (DEFAULT_CURRENCY): a transaction in any other is refused. */
  currency: string;
  games: ProviderGames;
  players: PlayerDirectory;
  stakes: StakeGuard;
  funding: FundingSource;
  loyalty: LoyaltyEarner;
  balances: BalanceReader;
  sessions: ProviderSessions;
  store: ProviderStore;
  instant: InstantTransactions;
  logger?: FastifyBaseLogger;
};

/**
 * The engine the limits and the clubs know a game by: a slot (its stake cap, slot points) or not. Aggregators'
 * games have no engine of ours; their catalogue category says which they are.
 */
export const engineOf = (game: Pick<ProviderGame, 'category'>) => (game.category === 'slots' ? 'slot' : 'provider');

/** The journal's metadata: where the money came from, for audits and reconciliation. */
export const journalMetadata = (row: { provider: string; transactionUuid: string; round?: string | null; gameCode?: string | null }) => ({
  provider: row.provider,
  transaction: row.transactionUuid,
  round: row.round ?? null,
  game: row.gameCode ?? null,
});

export function createMoneyHelpers({ ledger, currency, funding, loyalty, balances, logger }: WalletDependencies) {
  return {
    /**
     * The bonuses' entries, with the house's side moved from the player's game account shard to their shard of the
     * house's `provider` account: the bonuses split a stake as for our own games, and the aggregator's money stays
     * apart from ours, on as many rows as our games' (decision 0091), so concurrent players do not queue on one.
     */
    async toProvider(playerId: number, entries: TransferEntry[]): Promise<TransferEntry[]> {
      const [game, house] = await Promise.all([ledger.houseGameAccountId(playerId, currency), ledger.houseShardAccountId('provider', playerId, currency)]);
      return entries.map((entry) => (entry.accountId === game ? { ...entry, accountId: house } : entry));
    },

    /** The part of a stake's entries taken from the player's cash: the part that earns loyalty points. */
    cashPart: (entries: TransferEntry[], cashAccount: number) =>
      entries.filter((entry) => entry.accountId === cashAccount && entry.amount < 0).reduce((sum, entry) => sum - entry.amount, 0),

    /** After money moved: a finished bonus converts, a tier reached is kept, and the player hears the balance. */
    async moved(playerId: number): Promise<number> {
      await funding.afterRound(playerId).catch((error: unknown) => logger?.warn({ err: error, playerId }, 'bonus update after a provider transaction failed'));
      void loyalty.afterRound(playerId).catch((error: unknown) => logger?.warn({ err: error, playerId }, 'loyalty update failed'));
      return balances.announce(playerId);
    },

    /**
     * After money moved, when its own transfer told the balance (`known`): the answer does not wait for the wallet's
     * read, which the balance event makes in the background (as our rounds do, decision 0091), unless a bonus changed.
     */
    async movedKnowing(playerId: number, known: number | null): Promise<number> {
      // A bonus the transaction touched may have converted since: then the wallet is read for the answer.
      let bonusMoved = true;
      try {
        bonusMoved = await funding.afterRound(playerId);
      } catch (error) {
        logger?.warn({ err: error, playerId }, 'bonus update after a provider transaction failed');
      }
      void loyalty.afterRound(playerId).catch((error: unknown) => logger?.warn({ err: error, playerId }, 'loyalty update failed'));
      const announced = balances.announce(playerId);
      if (known === null || bonusMoved) return announced;
      void announced.catch((error: unknown) => logger?.warn({ err: error, playerId }, 'balance event failed'));
      return known;
    },

    /** The outcome for a player, with their balance now. */
    async answer(outcome: Outcome['outcome'], player: Player): Promise<Outcome> {
      return { outcome, player, balance: await balances.balanceOf(player.id) };
    },
  };
}

export type MoneyHelpers = ReturnType<typeof createMoneyHelpers>;
