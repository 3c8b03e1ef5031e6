import { describe, expect, it } from 'vitest';
import { crashBetSummary } from './crash-bets.tsx';

describe('a crash bet in words', () => {
  it('says where the player cashed out, and where the round crashed once it has', () => {
    expect(crashBetSummary({ status: 'cashed', cashout: 101, crash_point: null })).toBe('Cashed out at 1.01×');
    expect(crashBetSummary({ status: 'cashed', cashout: 250, crash_point: 482 })).toBe('Cashed out at 2.50×, crashed at 4.82×');
  });

  it('says where a lost bet crashed, shows a crash at once as 1.00×, and names a returned stake', () => {
    expect(crashBetSummary({ status: 'lost', cashout: null, crash_point: 1234 })).toBe('Crashed at 12.34×');
    expect(crashBetSummary({ status: 'lost', cashout: null, crash_point: 99 })).toBe('Crashed at 1.00×');
    expect(crashBetSummary({ status: 'refunded', cashout: null, crash_point: 200 })).toBe('Stake returned: the round was interrupted');
    expect(crashBetSummary({ status: 'active', cashout: null, crash_point: null })).toBe('In play');
  });
});
