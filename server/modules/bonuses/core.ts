// What every bonus path shares: the ledger accounts a bonus moves money between, the player's open bonus, its view
// and BonusUpdated, and the two ways a bonus's money leaves the bonus account: conversion to cash when the
// wagering is done, and return to the house when it ends otherwise. Each is one journal with the bonus's new
// state written in the journal's transaction (docs/decisions/0050-bonus-engine.md).

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BonusType, PlayerBonus, PlayerBonusStatus } from '../../../contract/bonuses.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import { InsufficientFunds, type LedgerService, type LedgerTransaction } from '../ledger/service.ts';
import { conversionOf, entriesOf, type FundingAccounts } from './model.ts';
import { playerBonuses } from './schema.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { BonusesEvents } from './events.ts';

export type BonusRow = typeof playerBonuses.$inferSelect;
export const OPEN_STATUSES = ['pending', 'active'] as const;

/** The bonus changed under us (another request ended or activated it); nothing of this change is kept. */
export class BonusMoved extends Error {}

export type BonusCore = ReturnType<typeof createBonusCore>;

export function createBonusCore({
  db,
  ledger,
  events,
  publish = publishNowhere,
  currency,
}: {
  db: Database;
  ledger: LedgerService;
  events?: Pick<PlayerEvents, 'publish'>;
  publish?: Publish<BonusesEvents>;
  currency: string;
}) {
  // Account ids never change once made, so each is looked up once per process.
  const playerAccounts = new Map<number, { cash: number; bonus: number }>();
  let bonusCost: number | undefined;

  async function accountsOf(playerId: number): Promise<FundingAccounts> {
    let mine = playerAccounts.get(playerId);
    if (!mine) {
      const made = await ledger.ensurePlayerAccounts(playerId, currency);
      mine = { cash: made.cash.id, bonus: made.bonus.id };
      if (playerAccounts.size >= 100_000) playerAccounts.clear();
      playerAccounts.set(playerId, mine);
    }
    bonusCost ??= (await ledger.houseAccount('bonus_cost', currency)).id;
    return { ...mine, game: await ledger.houseGameAccountId(playerId, currency), bonusCost };
  }

  /** The player's cash and bonus balances now (the bonus account holds the one active bonus's money). */
  async function balances(playerId: number): Promise<{ cash: number; bonus: number }> {
    const accounts = await ledger.ensurePlayerAccounts(playerId, currency);
    return { cash: accounts.cash.balance, bonus: accounts.bonus.balance };
  }
  const bonusBalance = async (playerId: number) => (await balances(playerId)).bonus;

  // Before every real-money stake: built once, planned once per connection (a named prepared statement).
  const openBonusQuery = db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, sql.placeholder('player')), inArray(playerBonuses.status, [...OPEN_STATUSES])))
    .prepare('open_bonus_v1');

  async function openBonus(playerId: number): Promise<BonusRow | undefined> {
    const [row] = await openBonusQuery.execute({ player: playerId });
    return row;
  }

  async function byId(id: string): Promise<BonusRow | undefined> {
    const [row] = await db.select().from(playerBonuses).where(eq(playerBonuses.id, id));
    return row;
  }

  function view(row: BonusRow, balance: number): PlayerBonus {
    const terms = row.terms;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      type: row.type as BonusType,
      status: row.status as PlayerBonusStatus,
      amount: row.amount,
      balance: row.status === 'active' ? balance : 0,
      wagering_required: row.wageringRequired,
      wagered: row.wagered,
      wagering_left: Math.max(0, row.wageringRequired - row.wagered),
      max_bet: terms.max_bet,
      free_spins_left: row.freeSpinsLeft,
      free_spin_game: terms.free_spin_game,
      free_spin_stake: terms.free_spin_stake,
      converted: row.converted,
      expires_at: row.expiresAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      terms,
    };
  }

  /** The bonus as the player sees it, with the balance of the bonus account when it is the active one. */
  async function viewOf(row: BonusRow): Promise<PlayerBonus> {
    return view(row, row.status === 'active' ? await bonusBalance(row.playerId) : 0);
  }

  /** BonusUpdated with the bonus as it is now, and BonusChanged; never holds up or breaks the money path. */
  function announce(id: string): void {
    void byId(id)
      .then(async (row) => {
        if (!row) return;
        const bonus = await viewOf(row);
        events?.publish(row.playerId, 'BonusUpdated', { bonus });
        void publish('BonusChanged', { playerId: row.playerId, bonus });
      })
      .catch(() => undefined);
  }

  /** Moves the open bonus to `status` in `executor`; BonusMoved when it is no longer open (so the journal is undone). */
  async function close(executor: Database | LedgerTransaction, id: string, from: readonly string[], change: Partial<BonusRow>): Promise<void> {
    const now = new Date();
    const updated = await executor
      .update(playerBonuses)
      .set({ ...change, finishedAt: now, updatedAt: now })
      .where(and(eq(playerBonuses.id, id), inArray(playerBonuses.status, [...from])))
      .returning({ id: playerBonuses.id });
    if (updated.length === 0) throw new BonusMoved();
  }

  /**
   * One journal that empties the bonus account, `split` of its balance to cash and the rest to the house's bonus
   * cost, with the bonus closed in its transaction. A balance moved by a round in between is read again.
   */
  async function emptyBonus(row: BonusRow, split: (balance: number) => { toCash: number; toHouse: number }, change: Partial<BonusRow>): Promise<boolean> {
    const accounts = await accountsOf(row.playerId);
    for (let attempt = 0; attempt < 3; attempt++) {
      const balance = row.status === 'active' ? await bonusBalance(row.playerId) : 0;
      const { toCash, toHouse } = split(balance);
      const filled = typeof change.converted === 'number' ? { ...change, converted: toCash } : change;
      try {
        if (balance <= 0) {
          await close(db, row.id, OPEN_STATUSES, filled);
        } else {
          await ledger.transfer(
            {
              idempotencyKey: `bonus:${row.id}:end:${attempt}`,
              type: 'bonus',
              referenceId: row.id,
              metadata: { bonus: row.slug, status: change.status },
              entries: entriesOf([
                { accountId: accounts.bonus, amount: -balance },
                { accountId: accounts.cash, amount: toCash },
                { accountId: accounts.bonusCost, amount: toHouse },
              ]),
            },
            { within: (tx) => close(tx, row.id, ['active'], filled) },
          );
        }
        announce(row.id);
        return true;
      } catch (error) {
        if (error instanceof BonusMoved) return false;
        if (error instanceof InsufficientFunds) continue;
        throw error;
      }
    }
    return false;
  }

  return {
    accountsOf,
    balances,
    bonusBalance,
    openBonus,
    byId,
    view,
    viewOf,
    announce,
    close,
    /** Ends an open bonus as forfeited, expired or cancelled: its money returns to the house; cash is never touched. */
    async end(row: BonusRow, status: 'forfeited' | 'expired' | 'cancelled', reason: string): Promise<boolean> {
      return emptyBonus(row, (balance) => ({ toCash: 0, toHouse: balance }), { status, endReason: reason });
    },
    /** The wagering is done: the balance turns into cash up to the maximum conversion, the rest returns, in one journal. */
    async convert(row: BonusRow): Promise<boolean> {
      if (row.status !== 'active' || row.wagered < row.wageringRequired || row.freeSpinsLeft > 0) return false;
      return emptyBonus(row, (balance) => conversionOf(balance, row.terms.max_conversion), {
        status: 'completed',
        converted: 0,
        endReason: 'wagering complete',
      });
    },
    /** Adds to the bonus's wagering (never down) in the stake's transaction; whether it is now complete. */
    async addWagering(tx: LedgerTransaction, id: string, amount: number): Promise<boolean> {
      const [after] = await tx
        .update(playerBonuses)
        .set({ wagered: sql`${playerBonuses.wagered} + ${Math.max(0, amount)}`, updatedAt: new Date() })
        .where(and(eq(playerBonuses.id, id), eq(playerBonuses.status, 'active')))
        .returning({ wagered: playerBonuses.wagered, required: playerBonuses.wageringRequired, spins: playerBonuses.freeSpinsLeft });
      return !!after && after.wagered >= after.required && after.spins === 0;
    },
  };
}
