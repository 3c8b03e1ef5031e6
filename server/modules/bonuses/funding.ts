// How a real-money round's stake is paid and where its win goes while a bonus is active (docs/decisions/0050).
// Every engine's rounds come here (games/rounds.ts play() and act(), round-settlement.ts creditWin), so the rules
// hold for any game: cash first then bonus, the max bet refused before money moves, wagering = stake × the game's
// category contribution counted in the stake's own transaction, the win split in the stake's proportion.

import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatMoney } from '../../../contract/money.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../problem.ts';
import type { LedgerTransaction, TransferEntry } from '../ledger/service.ts';
import type { BonusCore, BonusRow } from './core.ts';
import { contributionOf, type FundingAccounts, maxBetRefusal, type StakeSplit, splitStake, splitWin, stakeEntries, wageringOf, winEntries } from './model.ts';
import { bonusRoundStakes, playerBonuses } from './schema.ts';

/** A win's ledger entries and what its transaction records beside them. */
export type WinFunding = { entries: TransferEntry[]; record?: (tx: LedgerTransaction) => Promise<void> };

/** A stake's ledger entries and what its transaction records beside them. */
export type StakeFunding = {
  entries: TransferEntry[];
  /** Runs inside the stake's ledger transaction (its `within`); absent when there is nothing to record (no bonus). */
  record?: (tx: LedgerTransaction, journalKey: string, roundId: string) => Promise<void>;
  /**
   * The win of a round decided with this stake alone, paid in the stake's own transaction (an instant round, one
   * commit): split as this stake was, exactly as fundWin splits it from the recorded stakes, without reading them.
   */
  win: (win: number) => WinFunding;
  /** The player's cash and bonus account ids, to find their balances in the round's transfer results. */
  accounts: { cash: number; bonus: number };
  /**
   * Balances known before the stake: both when a bonus is active (they were read to split the stake); without an
   * active bonus, bonus 0, as no bonus money exists then (every ending empties the bonus account in its journal).
   */
  before: { cash?: number; bonus?: number };
};

/** The game a stake is on, as the rounds know it. */
export type FundedGame = { id: number; slug: string };

/** What games/ calls; the bonuses service implements it. */
export type RoundFunding = {
  /** The stake's funding, or a 400 `type: bonus` (max bet, no free spins) before any money moves. */
  fundStake(playerId: number, game: FundedGame, stake: number, options?: { freeSpin?: boolean; roundStake?: number }): Promise<StakeFunding>;
  /**
   * The win's entries: split as its stakes were paid. A caller that kept how they were paid (`known`) and paid them
   * all in cash spares the read of the stakes: the whole win goes to cash, as it would.
   */
  fundWin(round: { id: string; playerId: number }, win: number, known?: { stake: StakeSplit }): Promise<WinFunding>;
  /**
   * Inside the transaction that gives the stakes recorded under `round.id` back (an aggregator's rollback): the
   * wagering they added is taken off their bonus while it is active, once; a later call finds nothing to take.
   */
  stakeGivenBack(tx: LedgerTransaction, round: { id: string; playerId: number }): Promise<void>;
  /** The stake of a free spin on this game, or a 400 `type: bonus` when the player has none here. */
  freeSpinStake(playerId: number, game: FundedGame): Promise<number>;
  /**
   * After a round's last transfer: converts a bonus whose wagering is done and announces what changed. True when
   * the round touched a bonus (its balances may have moved since the round's transfers), false when nothing did.
   */
  afterRound(playerId: number): Promise<boolean>;
};

const bonusProblem = (message: string) => new Problem(400, message, { type: 'bonus' });

export function createRoundFunding({
  db,
  core,
  currency,
  categoryOf,
  weightOf,
}: {
  db: Database;
  core: BonusCore;
  currency: string;
  /** The game's catalog category slug (`slots`, `table-games`, …), which its contribution is looked up by. */
  categoryOf: (gameId: number) => Promise<string | null>;
  /** The game's own share of its category's contribution, in percent (an operator's per-game choice); null: all of it. */
  weightOf?: (gameId: number) => Promise<number | null>;
}): RoundFunding & { expireIfDue: (row: BonusRow) => Promise<boolean> } {
  const money = (minor: number) => formatMoney(minor, currency);
  /** Players whose bonus a round changed: announced (and converted if done) once, after the round. */
  const touched = new Map<number, { id: string; done: boolean }>();

  async function expireIfDue(row: BonusRow): Promise<boolean> {
    if (!row.expiresAt || row.expiresAt.getTime() > Date.now()) return false;
    await core.end(row, 'expired', 'time limit reached');
    return true;
  }

  /** The player's active bonus, expiring it first if its time is up. */
  async function activeBonus(playerId: number): Promise<BonusRow | undefined> {
    const row = await core.openBonus(playerId);
    if (row?.status !== 'active') return undefined;
    if (await expireIfDue(row)) return undefined;
    return row;
  }

  function touch(playerId: number, id: string, done: boolean): void {
    const before = touched.get(playerId);
    touched.set(playerId, { id, done: done || (before?.id === id && before.done) });
  }

  /**
   * A win split as its stake was paid: the cash part to cash, the bonus part to the bonus while it is active, to
   * cash once it completed, to the house otherwise; free spin winnings add their wagering to the bonus.
   */
  function winOf(
    playerId: number,
    accounts: FundingAccounts,
    win: number,
    stake: StakeSplit,
    bonus: { id: string; status: string; freeSpin: boolean; wageringMultiplier: number } | null,
  ): WinFunding {
    if (!bonus || stake.bonus === 0) return { entries: winEntries(win, { cash: win, bonus: 0 }, accounts, 'bonus') };
    const split = splitWin(win, stake);
    const to = bonus.status === 'active' ? 'bonus' : bonus.status === 'completed' ? 'cash' : 'house';
    return {
      entries: winEntries(win, split, accounts, to),
      record:
        to === 'bonus'
          ? async (tx) => {
              // Free spin winnings are bonus money with the bonus's wagering on them.
              if (bonus.freeSpin) {
                await tx
                  .update(playerBonuses)
                  .set({
                    amount: sql`${playerBonuses.amount} + ${split.bonus}`,
                    wageringRequired: sql`${playerBonuses.wageringRequired} + ${split.bonus * bonus.wageringMultiplier}`,
                    updatedAt: new Date(),
                  })
                  .where(and(eq(playerBonuses.id, bonus.id), eq(playerBonuses.status, 'active')));
              }
              touch(playerId, bonus.id, false);
            }
          : undefined,
    };
  }

  return {
    expireIfDue,

    async fundStake(playerId, game, stake, { freeSpin = false, roundStake = stake } = {}) {
      const [bonus, accounts] = await Promise.all([activeBonus(playerId), core.accountsOf(playerId)]);
      if (freeSpin) {
        if (!bonus || bonus.freeSpinsLeft <= 0 || bonus.terms.free_spin_game !== game.slug) throw bonusProblem('You have no free spins on this game.');
        const split: StakeSplit = { cash: 0, bonus: stake };
        const balances = await core.balances(playerId);
        return {
          entries: stakeEntries(split, accounts, true),
          // In the stake's transaction the bonus row is locked by the spin's update: it is still active.
          win: (win) =>
            winOf(playerId, accounts, win, split, { id: bonus.id, status: 'active', freeSpin: true, wageringMultiplier: bonus.terms.wagering_multiplier }),
          accounts: { cash: accounts.cash, bonus: accounts.bonus },
          before: balances,
          record: async (tx, journalKey, roundId) => {
            const used = await tx
              .update(playerBonuses)
              .set({ freeSpinsLeft: sql`${playerBonuses.freeSpinsLeft} - 1`, updatedAt: new Date() })
              .where(and(eq(playerBonuses.id, bonus.id), eq(playerBonuses.status, 'active'), sql`${playerBonuses.freeSpinsLeft} > 0`))
              .returning({ left: playerBonuses.freeSpinsLeft, wagered: playerBonuses.wagered, required: playerBonuses.wageringRequired });
            if (used.length === 0) throw bonusProblem('You have no free spins left.');
            await tx.insert(bonusRoundStakes).values({ journalKey, roundId, bonusId: bonus.id, cash: 0, bonus: stake, freeSpin: true });
            const after = used[0]!;
            touch(playerId, bonus.id, after.left === 0 && after.wagered >= after.required);
          },
        };
      }
      if (!bonus) {
        const split = { cash: stake, bonus: 0 };
        return {
          entries: stakeEntries(split, accounts),
          win: (win) => winOf(playerId, accounts, win, split, null),
          accounts: { cash: accounts.cash, bonus: accounts.bonus },
          before: { bonus: 0 },
        };
      }
      const refused = maxBetRefusal(roundStake, bonus.terms.max_bet, money);
      if (refused) throw bonusProblem(refused);
      const [balances, category, weight] = await Promise.all([core.balances(playerId), categoryOf(game.id), weightOf?.(game.id) ?? null]);
      const split = splitStake(stake, balances.cash, balances.bonus);
      // The category's share of the stake, then the game's share of that (both in whole percent).
      const wagering = wageringOf(wageringOf(stake, contributionOf(bonus.terms, category)), weight ?? 100);
      return {
        entries: stakeEntries(split, accounts),
        // In the stake's transaction the bonus row is locked by the wagering's update: it is still active.
        win: (win) =>
          winOf(playerId, accounts, win, split, { id: bonus.id, status: 'active', freeSpin: false, wageringMultiplier: bonus.terms.wagering_multiplier }),
        accounts: { cash: accounts.cash, bonus: accounts.bonus },
        before: balances,
        record: async (tx, journalKey, roundId) => {
          await tx.insert(bonusRoundStakes).values({ journalKey, roundId, bonusId: bonus.id, cash: split.cash, bonus: split.bonus, wagering });
          touch(playerId, bonus.id, await core.addWagering(tx, bonus.id, wagering));
        },
      };
    },

    async fundWin(round, win, known) {
      const accounts = await core.accountsOf(round.playerId);
      if (known && known.stake.bonus === 0) return winOf(round.playerId, accounts, win, known.stake, null);
      const [paid] = await db
        .select({
          cash: sql<string>`coalesce(sum(${bonusRoundStakes.cash}), 0)`,
          bonus: sql<string>`coalesce(sum(${bonusRoundStakes.bonus}), 0)`,
          freeSpin: sql<boolean>`coalesce(bool_or(${bonusRoundStakes.freeSpin}), false)`,
          bonusId: sql<string | null>`min(${bonusRoundStakes.bonusId}::text)`,
        })
        .from(bonusRoundStakes)
        .where(eq(bonusRoundStakes.roundId, round.id));
      const stake = { cash: Number(paid?.cash ?? 0), bonus: Number(paid?.bonus ?? 0) };
      if (!paid?.bonusId || stake.bonus === 0) return winOf(round.playerId, accounts, win, stake, null);
      const bonus = await core.byId(paid.bonusId);
      return winOf(round.playerId, accounts, win, stake, {
        id: paid.bonusId,
        status: bonus?.status ?? 'missing',
        freeSpin: paid.freeSpin && !!bonus,
        wageringMultiplier: bonus?.terms.wagering_multiplier ?? 0,
      });
    },

    async stakeGivenBack(tx, round) {
      const given = await tx
        .update(bonusRoundStakes)
        .set({ givenBackAt: new Date() })
        .where(and(eq(bonusRoundStakes.roundId, round.id), isNull(bonusRoundStakes.givenBackAt)))
        .returning({ bonusId: bonusRoundStakes.bonusId, wagering: bonusRoundStakes.wagering });
      const byBonus = new Map<string, number>();
      for (const row of given) byBonus.set(row.bonusId, (byBonus.get(row.bonusId) ?? 0) + row.wagering);
      for (const [bonusId, wagering] of byBonus) {
        if (wagering <= 0) continue;
        // An ended bonus keeps its record as it ended: only an active one's progress is taken back.
        const [taken] = await tx
          .update(playerBonuses)
          .set({ wagered: sql`greatest(${playerBonuses.wagered} - ${wagering}, 0)`, updatedAt: new Date() })
          .where(and(eq(playerBonuses.id, bonusId), eq(playerBonuses.status, 'active')))
          .returning({ id: playerBonuses.id });
        if (taken) touch(round.playerId, bonusId, false);
      }
    },

    async freeSpinStake(playerId, game) {
      const bonus = await activeBonus(playerId);
      if (!bonus || bonus.freeSpinsLeft <= 0 || bonus.terms.free_spin_game !== game.slug) throw bonusProblem('You have no free spins on this game.');
      return bonus.terms.free_spin_stake;
    },

    async afterRound(playerId) {
      const changed = touched.get(playerId);
      if (!changed) return false;
      touched.delete(playerId);
      const row = await core.byId(changed.id);
      if (row && row.status === 'active' && row.wagered >= row.wageringRequired && row.freeSpinsLeft === 0) {
        if (await core.convert(row)) return true;
      }
      core.announce(changed.id);
      return true;
    },
  };
}
