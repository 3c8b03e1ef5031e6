import type { RevenueDay, RevenuePort } from './reports.ts';

// Where an affiliate's players' money comes from: the ledger's days (stakes, wins, bonus cost, adjustments,
// deposits) and the payments' chargebacks, which count against net gaming revenue on the day they came.

type LedgerDay = Omit<RevenueDay, 'chargebacks'>;
type ChargebackDay = { playerId: number; day: string; amount: number };

export function revenueFrom({
  days,
  chargebacks,
}: {
  days: (playerIds: number[], from: Date, to: Date) => Promise<LedgerDay[]>;
  chargebacks: (playerIds: number[], from: Date, to: Date) => Promise<ChargebackDay[]>;
}): RevenuePort {
  return async (playerIds, from, to) => {
    const [ledgerDays, chargebackDays] = await Promise.all([days(playerIds, from, to), chargebacks(playerIds, from, to)]);
    const rows: RevenueDay[] = ledgerDays.map((day) => ({ ...day, chargebacks: 0 }));
    for (const chargeback of chargebackDays) {
      const row = rows.find((day) => day.playerId === chargeback.playerId && day.day === chargeback.day);
      if (row) row.chargebacks += chargeback.amount;
      else
        rows.push({
          playerId: chargeback.playerId,
          day: chargeback.day,
          stakes: 0,
          wins: 0,
          bonusCost: 0,
          adjustments: 0,
          deposits: 0,
          chargebacks: chargeback.amount,
        });
    }
    return rows;
  };
}
