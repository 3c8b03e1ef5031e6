// The fund step of a real-money round (docs/decisions/0125-one-round-pipeline.md): who pays the stake and how a win
// is split (the bonuses' funding while a bonus is active, else cash), the part of the stake that earns loyalty
// points, and the wallet balance the round's transfers left.

import type { RoundFunding, StakeFunding } from '../bonuses/funding.ts';
import type { PlayableGame } from '../catalog/service.ts';
import type { TransferResult } from '../ledger/service.ts';
import type { RoundSettlement } from './round-settlement.ts';

export function createRoundFunding({ settlement, funding }: { settlement: Pick<RoundSettlement, 'accountsOf'>; funding?: Pick<RoundFunding, 'fundStake'> }) {
  const { accountsOf } = settlement;

  /** The stake's entries and what its transaction records for the bonuses; refused (400 bonus) before money moves. */
  async function stakeFunding(
    playerId: number,
    game: PlayableGame,
    stake: number,
    options?: { freeSpin?: boolean; roundStake?: number },
  ): Promise<StakeFunding> {
    if (funding) return funding.fundStake(playerId, game, stake, options);
    // Without the bonuses module there is no bonus money: cash pays, cash wins.
    const accounts = await accountsOf(playerId);
    const entries = [
      { accountId: accounts.cash, amount: -stake },
      { accountId: accounts.game, amount: stake },
    ];
    const win = (amount: number) => ({
      entries: [
        { accountId: accounts.game, amount: -amount },
        { accountId: accounts.cash, amount },
      ],
    });
    return { entries, win, accounts: { cash: accounts.cash, bonus: -1 }, before: { bonus: 0 } };
  }

  /** The part of a stake paid from cash: only that part earns loyalty points (bonus money and free spins do not; decision 0065). */
  async function cashStake(playerId: number, paid: StakeFunding): Promise<number> {
    const { cash } = await accountsOf(playerId);
    return paid.entries.filter((entry) => entry.accountId === cash && entry.amount < 0).reduce((sum, entry) => sum - entry.amount, 0);
  }

  return { stakeFunding, cashStake };
}

/** The wallet balance (cash + bonus) after the round, from its own transfers' results; null when one is not known. */
export function balanceFromTransfers(paid: StakeFunding, results: TransferResult[]): number | null {
  const after = new Map<number, number>();
  for (const result of results) for (const { accountId, balance } of result.balances ?? []) after.set(accountId, balance);
  const cash = after.get(paid.accounts.cash) ?? paid.before.cash;
  const bonus = after.get(paid.accounts.bonus) ?? paid.before.bonus;
  return cash === undefined || bonus === undefined ? null : cash + bonus;
}
