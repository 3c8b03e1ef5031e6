// Weekly cashback (docs/decisions/0067-weekly-cashback.md): every Monday, each player's net loss of the previous ISO
// week (cash staked minus cash won, from the ledger: bonus money and free spins count nowhere, crash counts like
// every game) times their tier's percent, paid as cash with no wagering from the
// house `loyalty` account, once per player and week (`cashback:{week}:{player}`), with an inbox message.

import { MIN_CASHBACK, type VipTier } from '../../../contract/clubs.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { LedgerService } from '../ledger/service.ts';
import { addDays, isoWeekOf, weekStart } from './calendar.ts';
import { cashbackPayments } from './schema.ts';

export type NetResults = (query: { from: Date; to: Date; playerId?: number }) => Promise<{ playerId: number; stakes: number; wins: number }[]>;

/** The cashback on a week's stakes and wins at `percent`: whole minor units, rounded down; nothing below MIN_CASHBACK. */
export function cashbackFor(stakes: number, wins: number, percent: number): { netLoss: number; amount: number } {
  const netLoss = Math.max(0, stakes - wins);
  const amount = Math.floor((netLoss * percent) / 100);
  return { netLoss, amount: amount >= MIN_CASHBACK ? amount : 0 };
}

/** Monday 00:05 UTC: the pattern's run pays the week that ended five minutes before. */
export const CASHBACK_PATTERN = '5 0 * * 1';

export function createCashback({
  ledger,
  currency,
  netResults,
  tierAt,
  tell,
}: {
  ledger: LedgerService;
  currency: string;
  netResults: NetResults;
  tierAt: (playerId: number, at: Date) => Promise<VipTier>;
  tell: (message: { playerId: number; subject: string; body: string }) => Promise<void>;
}) {
  return {
    /** Pays the ISO week before the one `period` falls in. Safe to repeat: each player and week is paid once. */
    async pay(period: Date): Promise<{ week: string; paid: number; amount: number }> {
      const to = weekStart(period);
      const from = addDays(to, -7);
      const week = isoWeekOf(from);
      const lastInstant = new Date(to.getTime() - 1);
      let paid = 0;
      let total = 0;
      const house = await ledger.houseAccount('loyalty', currency);
      for (const result of await netResults({ from, to })) {
        const tier = await tierAt(result.playerId, lastInstant);
        const { netLoss, amount } = cashbackFor(result.stakes, result.wins, tier.cashbackPercent);
        if (amount === 0) continue;
        const accounts = await ledger.ensurePlayerAccounts(result.playerId, currency);
        const transfer = await ledger.transfer(
          {
            idempotencyKey: `cashback:${week}:${result.playerId}`,
            type: 'bonus',
            referenceId: `cashback:${week}`,
            metadata: { reason: 'cashback', week, percent: tier.cashbackPercent, net_loss: netLoss },
            entries: [
              { accountId: house.id, amount: -amount },
              { accountId: accounts.cash.id, amount },
            ],
          },
          {
            within: async (tx) => {
              await tx
                .insert(cashbackPayments)
                .values({ playerId: result.playerId, week, tier: tier.slug, netLoss, percent: tier.cashbackPercent, amount, currency });
            },
          },
        );
        if (transfer.replayed) continue;
        paid += 1;
        total += amount;
        const days = `${from.toISOString().slice(0, 10)} to ${lastInstant.toISOString().slice(0, 10)}`;
        await tell({
          playerId: result.playerId,
          subject: `Your ${formatMoney(amount, currency)} weekly cashback`,
          body: `As a ${tier.name} member you get ${tier.cashbackPercent}% of last week's net losses back. Your net loss from ${days} was ${formatMoney(netLoss, currency)}, so we have added ${formatMoney(amount, currency)} to your balance as cash, with no wagering.`,
        });
      }
      return { week, paid, amount: total };
    },

    /** What this week's play has earned so far at the player's tier now, and when it is paid. */
    async accrued(playerId: number, tier: VipTier, at: Date) {
      const start = weekStart(at);
      const [result] = await netResults({ from: start, to: new Date(at.getTime() + 1), playerId });
      const netLoss = Math.max(0, (result?.stakes ?? 0) - (result?.wins ?? 0));
      return {
        percent: tier.cashbackPercent,
        accrued: Math.floor((netLoss * tier.cashbackPercent) / 100),
        period_start: start.toISOString(),
        next_payout_at: new Date(addDays(start, 7).getTime() + 5 * 60_000).toISOString(),
      };
    },
  };
}
