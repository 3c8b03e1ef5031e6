// The bonus money rules as pure functions (docs/decisions/0050-bonus-engine.md): how a stake is funded, how a
// win is split, how wagering moves, what a deposit earns and what a finished bonus converts to. The service and
// the rounds call these; the property test (model.test.ts) holds them to the invariants.

import type { BonusTerms, BonusType } from '../../../contract/bonuses.ts';

/** How a stake is paid: cash first, then bonus money (the player's own money is used before the house's). */
export type StakeSplit = { cash: number; bonus: number };

/** Cash first, then bonus; whatever neither covers is left on bonus, where the ledger refuses it (InsufficientFunds). */
export function splitStake(stake: number, cash: number, bonus: number): StakeSplit {
  if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError(`stake must be a non-negative integer, got ${stake}`);
  const fromCash = Math.min(stake, Math.max(0, cash));
  const fromBonus = stake - fromCash;
  // With no bonus money at all, the shortfall is the cash account's: the refusal then names it.
  return bonus <= 0 ? { cash: stake, bonus: 0 } : { cash: fromCash, bonus: fromBonus };
}

/** A win in the proportion the stake was paid: the bonus part (rounded down) goes to the bonus balance. */
export function splitWin(win: number, stake: StakeSplit): StakeSplit {
  const total = stake.cash + stake.bonus;
  if (win <= 0 || stake.bonus <= 0 || total <= 0) return { cash: Math.max(0, win), bonus: 0 };
  const bonus = Number((BigInt(win) * BigInt(stake.bonus)) / BigInt(total));
  return { cash: win - bonus, bonus };
}

/** Wagering progress of a stake on a game of the given contribution (percent), rounded down. */
export function wageringOf(stake: number, contributionPercent: number): number {
  const percent = Math.max(0, Math.min(100, Math.trunc(contributionPercent)));
  return Number((BigInt(stake) * BigInt(percent)) / 100n);
}

/** A game's contribution: its category's entry in the terms, 0 for a category the terms do not name. */
export function contributionOf(terms: Pick<BonusTerms, 'contributions'>, category: string | null | undefined): number {
  return category ? (terms.contributions[category] ?? 0) : 0;
}

/** A stake above the bonus's maximum bet is refused while it is active; the message the player reads. */
export function maxBetRefusal(stake: number, maxBet: number | null, money: (minor: number) => string): string | null {
  if (maxBet === null || stake <= maxBet) return null;
  return `While your bonus is active the maximum stake is ${money(maxBet)} per round.`;
}

/** The bonus a deposit earns under the terms: match percent of it, capped by the maximum bonus. */
export function bonusForDeposit(type: BonusType, terms: Pick<BonusTerms, 'match_percent' | 'max_bonus'>, deposit: number): number {
  if (type !== 'deposit_match' && type !== 'reload') return 0;
  const matched = Number((BigInt(deposit) * BigInt(terms.match_percent)) / 100n);
  return Math.max(0, Math.min(matched, terms.max_bonus));
}

/** What has to be wagered for an amount of bonus money. */
export function wageringFor(amount: number, multiplier: number): number {
  return amount * multiplier;
}

/** On completion: the bonus balance turns into cash up to the maximum conversion; the rest returns to the house. */
export function conversionOf(balance: number, maxConversion: number | null): { toCash: number; toHouse: number } {
  const toCash = maxConversion === null ? balance : Math.min(balance, maxConversion);
  return { toCash, toHouse: balance - toCash };
}

/** Ledger entries without the zero ones (the ledger refuses zero amounts); the sum stays zero. */
export function entriesOf(entries: { accountId: number; amount: number }[]): { accountId: number; amount: number }[] {
  return entries.filter((entry) => entry.amount !== 0);
}

export type FundingAccounts = { cash: number; bonus: number; game: number; bonusCost: number };

/** The stake's entries: cash and bonus to the house's game account, or (a free spin) the house's bonus cost pays. */
export function stakeEntries(split: StakeSplit, accounts: FundingAccounts, freeSpin = false) {
  const stake = split.cash + split.bonus;
  if (freeSpin)
    return [
      { accountId: accounts.bonusCost, amount: -stake },
      { accountId: accounts.game, amount: stake },
    ];
  return entriesOf([
    { accountId: accounts.cash, amount: -split.cash },
    { accountId: accounts.bonus, amount: -split.bonus },
    { accountId: accounts.game, amount: stake },
  ]);
}

/**
 * The win's entries. `bonusTo`: where the bonus part goes: the bonus balance while its bonus is active, cash once it
 * converted, the house's bonus cost once it was forfeited, expired or cancelled.
 */
export function winEntries(win: number, split: StakeSplit, accounts: FundingAccounts, bonusTo: 'bonus' | 'cash' | 'house') {
  const target = bonusTo === 'bonus' ? accounts.bonus : bonusTo === 'cash' ? accounts.cash : accounts.bonusCost;
  return entriesOf([
    { accountId: accounts.game, amount: -win },
    { accountId: accounts.cash, amount: split.cash },
    { accountId: target, amount: split.bonus },
  ]).reduce<{ accountId: number; amount: number }[]>((merged, entry) => {
    const same = merged.find((m) => m.accountId === entry.accountId);
    if (same) same.amount += entry.amount;
    else merged.push({ ...entry });
    return merged.filter((m) => m.amount !== 0);
  }, []);
}

/** When a bonus ends: days from a start, in milliseconds. */
export function daysAfter(start: Date, days: number): Date {
  return new Date(start.getTime() + days * 86_400_000);
}
