// What each money event says to the player (issue 34 §4, docs/decisions/0119): pure functions from the domain event
// to the notice, so the words and the de-duplication key are tested without a database. Amounts are stated plainly.
import type { PlayerBonus } from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Notice } from './service.ts';

/** The part of a committed ledger journal a notice reads. */
export type CommittedJournal = {
  id: number;
  type: string;
  referenceId: string | null;
  currency?: string;
  entries: { amount: number }[];
};

/** The amount a two-sided money movement moved: what the receiving side got. */
export const movedAmount = (entries: { amount: number }[]): number => entries.reduce((sum, entry) => sum + Math.max(0, entry.amount), 0);

/**
 * A deposit credited, a withdrawal paid (an operator's approval pays it) or rejected (its money back in the balance):
 * the notice of a committed journal of one player; null for any other journal. The key is the payment's id, so the
 * same payment is told once however often its journal is heard.
 */
export function journalNotice(journal: CommittedJournal, playerIds: number[], currency: string): Notice | null {
  if (playerIds.length !== 1) return null;
  const playerId = playerIds[0]!;
  const amount = formatMoney(movedAmount(journal.entries), currency);
  const reference = journal.referenceId ?? `journal-${journal.id}`;
  switch (journal.type) {
    case 'deposit':
      return {
        key: `deposit:${reference}:credited`,
        playerId,
        kind: 'deposit_credited',
        purpose: 'service',
        subject: `Your deposit of ${amount} is in your balance`,
        lines: [`We received your deposit of ${amount}. It is in your balance now, ready to play.`],
        button: { label: 'See my wallet', path: '/account/wallet' },
      };
    case 'withdrawal':
      return {
        key: `withdrawal:${reference}:paid`,
        playerId,
        kind: 'withdrawal_paid',
        purpose: 'service',
        subject: `Your withdrawal of ${amount} was approved and paid`,
        lines: [
          `We approved your withdrawal of ${amount} and sent it to the method you chose.`,
          'Depending on your bank or wallet it can take up to a few working days to arrive.',
        ],
        button: { label: 'See my transactions', path: '/account/transaction' },
      };
    case 'withdrawal_release':
      return {
        key: `withdrawal:${reference}:rejected`,
        playerId,
        kind: 'withdrawal_rejected',
        purpose: 'service',
        subject: `Your withdrawal of ${amount} was not approved`,
        lines: [
          `We could not approve your withdrawal of ${amount}. The money is back in your balance.`,
          'If you are not sure why, please contact our support team.',
        ],
        button: { label: 'See my wallet', path: '/account/wallet' },
      };
    default:
      return null;
  }
}

/** A bonus granted (active), turned into cash (completed) or expired: its notice; null for any other state. */
export function bonusNotice(playerId: number, bonus: PlayerBonus, currency: string): Notice | null {
  const money = (minor: number) => formatMoney(minor, currency);
  const base = { playerId, purpose: 'service' as const, button: { label: 'See my bonuses', path: '/account/bonuses' } };
  switch (bonus.status) {
    case 'active': {
      const spins = bonus.free_spins_left > 0 ? [`${bonus.free_spins_left} free spins at ${money(bonus.free_spin_stake)} each are ready to play.`] : [];
      const amount = bonus.amount > 0 ? [`${money(bonus.amount)} of bonus money is in your balance.`] : [];
      const wagering =
        bonus.wagering_required > 0
          ? `Wager ${money(bonus.wagering_required)} before it turns into cash; your cash is staked first.`
          : bonus.terms.wagering_multiplier > 0 && bonus.terms.free_spins > 0
            ? `Winnings from the free spins are wagered ${bonus.terms.wagering_multiplier}x before they turn into cash.`
            : 'It has no wagering.';
      return {
        ...base,
        key: `bonus:${bonus.id}:granted`,
        kind: 'bonus_granted',
        subject: `Your bonus is active: ${bonus.title}`,
        lines: [...amount, ...spins, wagering],
      };
    }
    case 'completed': {
      const converted = bonus.converted ?? 0;
      return {
        ...base,
        key: `bonus:${bonus.id}:converted`,
        kind: 'bonus_converted',
        subject: converted > 0 ? `${money(converted)} of bonus money is now cash` : `Your bonus is complete: ${bonus.title}`,
        lines: [
          converted > 0
            ? `You completed ${bonus.title}: ${money(converted)} moved to your cash balance, yours to play or withdraw.`
            : `You completed ${bonus.title}. There was no bonus money left to turn into cash.`,
        ],
      };
    }
    case 'expired':
      return {
        ...base,
        key: `bonus:${bonus.id}:expired`,
        kind: 'bonus_expired',
        subject: `Your bonus has expired: ${bonus.title}`,
        lines: [`The time for ${bonus.title} is up, so its bonus money was removed. Your cash was not touched.`],
      };
    default:
      return null;
  }
}

const PERIOD_WORDS: Record<string, string> = { day: '24 hours', week: '7 days', month: '30 days' };

/** A money limit whose amount in force changed: a tightening (at once) or a confirmed raise or removal. */
export function limitNotice(
  change: { playerId: number; type: string; period: string; before: number | null; after: number | null; at: Date },
  currency: string,
): Notice | null {
  if (change.before === change.after) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  const what = `${change.type} limit for ${PERIOD_WORDS[change.period] ?? change.period}`;
  return {
    key: `limit:${change.playerId}:${change.type}:${change.period}:${change.at.getTime()}`,
    playerId: change.playerId,
    kind: 'limit_changed',
    purpose: 'service',
    subject: change.after === null ? `Your ${what} is removed` : `Your ${what} is now ${money(change.after)}`,
    lines: [
      change.after === null
        ? `From now on there is no ${what}.`
        : `From now on your ${what} is ${money(change.after)}${change.before === null ? '' : ` (it was ${money(change.before)})`}.`,
      'You can see and change your limits under Account → Limits at any time. Lowering a limit applies at once; raising or removing one waits 24 hours and your confirmation.',
    ],
    button: { label: 'See my limits', path: '/account/limit' },
  };
}
