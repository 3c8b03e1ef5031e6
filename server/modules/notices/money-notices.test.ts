// The words and keys of the money notices (decision 0119): one notice per event, keyed by the payment or the bonus
// state, the amount said plainly, and nothing for journals a player is not told about.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlayerBonus } from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';
import { reviewNotice } from '../verification/review-notice.ts';
import { bonusNotice, journalNotice, limitNotice, movedAmount } from './money-notices.ts';

const TOLD = { deposit: 'deposit_credited', withdrawal: 'withdrawal_paid', withdrawal_release: 'withdrawal_rejected' } as const;

const bonus = (change: Partial<PlayerBonus>): PlayerBonus => ({
  id: '6f1c1f8e-1b7e-4a4e-9a55-6f0d1c3e2b10',
  slug: 'welcome-match',
  title: 'Welcome Match',
  type: 'deposit_match',
  status: 'active',
  amount: 100_00,
  balance: 100_00,
  wagering_required: 1_000_00,
  wagered: 0,
  wagering_left: 1_000_00,
  max_bet: 5_00,
  free_spins_left: 0,
  free_spin_game: null,
  free_spin_stake: 0,
  converted: null,
  expires_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  finished_at: null,
  terms: {
    wagering_multiplier: 10,
    max_bet: 5_00,
    min_deposit: 20_00,
    match_percent: 100,
    max_bonus: 500_00,
    free_spins: 0,
    free_spin_game: null,
    free_spin_stake: 0,
    max_conversion: null,
    claim_days: 7,
    expires_in_days: 30,
    contributions: { slots: 100 },
  },
  ...change,
});

describe('journal notices', () => {
  it('tells a deposit, a paid and a rejected withdrawal of one player, keyed by the payment and stating the amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('deposit', 'withdrawal', 'withdrawal_release'),
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.uuid(),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (type, amount, reference, id, playerId) => {
          const notice = journalNotice({ id, type, referenceId: reference, entries: [{ amount: -amount }, { amount }] }, [playerId], 'EUR')!;
          expect(notice.kind).toBe(TOLD[type]);
          expect(notice.playerId).toBe(playerId);
          expect(notice.purpose).toBe('service');
          expect(notice.subject).toContain(formatMoney(amount, 'EUR'));
          // The same payment heard again (another journal id) has the same key: told once.
          const again = journalNotice({ id: id + 1, type, referenceId: reference, entries: [{ amount }, { amount: -amount }] }, [playerId], 'EUR')!;
          expect(again.key).toBe(notice.key);
          expect(notice.key).toContain(reference);
        },
      ),
    );
  });

  it('tells nothing of rounds, bonuses, adjustments or a journal of several players', () => {
    for (const type of ['bet', 'win', 'bonus', 'adjustment', 'withdrawal_hold', 'refund', 'chargeback']) {
      expect(journalNotice({ id: 1, type, referenceId: 'r', entries: [{ amount: -5 }, { amount: 5 }] }, [7], 'EUR')).toBeNull();
    }
    expect(journalNotice({ id: 1, type: 'deposit', referenceId: 'r', entries: [{ amount: -5 }, { amount: 5 }] }, [7, 8], 'EUR')).toBeNull();
    expect(journalNotice({ id: 1, type: 'deposit', referenceId: 'r', entries: [{ amount: -5 }, { amount: 5 }] }, [], 'EUR')).toBeNull();
  });

  it('reads the moved amount as what the receiving side got', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 5 }), (parts) => {
        const total = parts.reduce((sum, part) => sum + part, 0);
        expect(movedAmount([{ amount: -total }, ...parts.map((amount) => ({ amount }))])).toBe(total);
      }),
    );
  });
});

describe('bonus notices', () => {
  it('tells a granted, a converted and an expired bonus, one key per state', () => {
    const granted = bonusNotice(3, bonus({}), 'EUR')!;
    expect(granted).toMatchObject({ key: `bonus:${bonus({}).id}:granted`, kind: 'bonus_granted', subject: 'Your bonus is active: Welcome Match' });
    expect(granted.lines).toEqual(['€100.00 of bonus money is in your balance.', 'Wager €1,000.00 before it turns into cash; your cash is staked first.']);
    const converted = bonusNotice(3, bonus({ status: 'completed', converted: 87_50 }), 'EUR')!;
    expect(converted).toMatchObject({ kind: 'bonus_converted', subject: '€87.50 of bonus money is now cash' });
    expect(bonusNotice(3, bonus({ status: 'expired' }), 'EUR')).toMatchObject({ kind: 'bonus_expired', subject: 'Your bonus has expired: Welcome Match' });
    expect(new Set([granted.key, converted.key, bonusNotice(3, bonus({ status: 'expired' }), 'EUR')!.key]).size).toBe(3);
  });

  it('says where free-spin winnings go, and tells nothing of a pending, cancelled or forfeited bonus', () => {
    const spins = bonus({
      type: 'free_spins',
      amount: 0,
      wagering_required: 0,
      free_spins_left: 50,
      free_spin_game: 'lantern-orchard',
      free_spin_stake: 20,
      terms: { ...bonus({}).terms, free_spins: 50, free_spin_game: 'lantern-orchard', free_spin_stake: 20 },
    });
    expect(bonusNotice(3, spins, 'EUR')!.lines).toEqual([
      '50 free spins at €0.20 each are ready to play.',
      'Winnings from the free spins are wagered 10x before they turn into cash.',
    ]);
    for (const status of ['pending', 'cancelled', 'forfeited'] as const) expect(bonusNotice(3, bonus({ status }), 'EUR')).toBeNull();
  });

  it('keys every state of a bonus apart and the same state alike, whatever else changed', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.nat(1_000_00), fc.nat(1_000_00), (id, balance, wagered) => {
        const a = bonusNotice(1, bonus({ id, balance, wagered }), 'EUR')!;
        const b = bonusNotice(1, bonus({ id }), 'EUR')!;
        expect(a.key).toBe(b.key);
      }),
    );
  });
});

describe('limit notices', () => {
  const at = new Date('2026-11-27T12:00:00Z');
  it('says the limit in force and what it was, and tells nothing when the amount in force did not change', () => {
    expect(limitNotice({ playerId: 2, type: 'loss', period: 'week', before: 200_00, after: 50_00, at }, 'EUR')).toMatchObject({
      key: `limit:2:loss:week:${at.getTime()}`,
      subject: 'Your loss limit for 7 days is now €50.00',
      lines: expect.arrayContaining(['From now on your loss limit for 7 days is €50.00 (it was €200.00).']),
    });
    expect(limitNotice({ playerId: 2, type: 'deposit', period: 'month', before: 100_00, after: null, at }, 'EUR')?.subject).toBe(
      'Your deposit limit for 30 days is removed',
    );
    fc.assert(
      fc.property(fc.option(fc.nat(1_000_000_00), { nil: null }), (amount) => {
        expect(limitNotice({ playerId: 2, type: 'wager', period: 'day', before: amount, after: amount, at }, 'EUR')).toBeNull();
      }),
    );
  });
});

describe('the KYC review notice', () => {
  const verified = { status: 'verified' as const, required: [] };
  it('names every decision of the review in one message', () => {
    const notice = reviewNotice(
      4,
      'doc-3',
      [
        { what: 'Driving licence (front)', status: 'approved', reason: null },
        { what: 'Driving licence (back)', status: 'approved', reason: null },
        { what: 'Proof of address', status: 'approved', reason: null },
      ],
      verified,
    );
    expect(notice.subject).toBe('Your account is verified');
    expect(notice.lines).toEqual([
      'Thank you: we checked and approved your driving licence (front), driving licence (back) and proof of address.',
      'Your account is now verified and withdrawals are unlocked.',
    ]);
    expect(notice.key).toBe('kyc:doc-3:reviewed');
  });

  it('says what was refused and why, and asks for a new upload', () => {
    const notice = reviewNotice(
      4,
      'doc-2',
      [
        { what: 'Passport', status: 'approved', reason: null },
        { what: 'Proof of address', status: 'rejected', reason: 'The bill is older than 3 months.' },
      ],
      { status: 'pending', required: ['A proof of address.'] },
    );
    expect(notice.subject).toBe('Some of your documents need a new upload');
    expect(notice.lines[0]).toBe('Thank you: we checked and approved your passport.');
    expect(notice.lines[1]).toBe('We could not accept your proof of address. Reason: The bill is older than 3 months.');
    expect(notice.lines).toHaveLength(3);
  });
});
