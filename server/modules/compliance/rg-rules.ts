import { count, DAY, day, MINUTE, money, num, type RuleDefinition, type RuleEvent, within } from './rule-kit.ts';

// The responsible-gambling rules (issue 33 §5; docs/decisions/0115): signs of harm in one player's own play and
// payments. They raise `rg` alerts; none holds withdrawals.

export const RG_RULES: readonly RuleDefinition[] = [
  {
    name: 'rising-deposits',
    kind: 'rg',
    label: 'Rising deposits',
    description: 'Deposits in the last days well above the days before.',
    defaults: { days: 7, factor_percent: 200, min_amount: 50_000 },
    params: {
      days: count('Days compared', 90),
      factor_percent: { label: 'At least this percent of before', min: 101, max: 10_000 },
      min_amount: money('At least (recent total)'),
    },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'deposit') return null;
      const span = num(t, 'days') * DAY;
      const recent = within(history, 'deposit', event.at, span).reduce((s, e) => s + e.amount, 0);
      const earlier = within(history, 'deposit', new Date(event.at.getTime() - span), span).reduce((s, e) => s + e.amount, 0);
      if (earlier === 0 || recent < num(t, 'min_amount') || recent * 100 < num(t, 'factor_percent') * earlier) return null;
      return { dedupeKey: `rising-deposits:${playerId}:${day(event.at)}`, facts: { recent, earlier, days: num(t, 'days') } };
    },
  },
  {
    name: 'chasing-losses',
    kind: 'rg',
    label: 'Chasing losses',
    description: 'Deposits made straight after losing play, several times in a day.',
    defaults: { loss: 10_000, minutes: 30, count: 3 },
    params: { loss: money('Loss before the deposit'), minutes: count('Within (minutes)', 1440), count: count('Times in a day') },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'deposit') return null;
      // The play of the day before this deposit, read once: each deposit of the day looks back `minutes` in it.
      const plays = within(history, 'play', event.at, DAY + num(t, 'minutes') * MINUTE);
      const chased = (deposit: RuleEvent) => {
        const lost = within(plays, 'play', deposit.at, num(t, 'minutes') * MINUTE).reduce((s, e) => s + e.amount - Number(e.facts.wins ?? 0), 0);
        return lost >= num(t, 'loss');
      };
      if (!chased(event)) return null;
      const times = within(history, 'deposit', event.at, DAY).filter(chased).length;
      if (times < num(t, 'count')) return null;
      return { dedupeKey: `chasing-losses:${playerId}:${day(event.at)}`, facts: { deposits_after_losses: times } };
    },
  },
  {
    name: 'long-session',
    kind: 'rg',
    label: 'Long sessions',
    description: 'Play without a break longer than some hours.',
    defaults: { hours: 4, gap_minutes: 30 },
    params: { hours: count('Hours', 48), gap_minutes: count('A break is at least (minutes)', 1440) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'play') return null;
      const plays = history.filter((e) => e.kind === 'play' && e.at.getTime() <= event.at.getTime());
      let start = event.at;
      for (let i = plays.length - 1; i > 0; i--) {
        if (plays[i]!.at.getTime() - plays[i - 1]!.at.getTime() > num(t, 'gap_minutes') * MINUTE) break;
        start = plays[i - 1]!.at;
      }
      const minutes = Math.floor((event.at.getTime() - start.getTime()) / MINUTE);
      if (minutes < num(t, 'hours') * 60) return null;
      return { dedupeKey: `long-session:${playerId}:${start.toISOString()}`, facts: { started_at: start.toISOString(), minutes } };
    },
  },
  {
    name: 'night-play',
    kind: 'rg',
    label: 'Night-time play',
    description: 'Play in the night hours (UTC) on several nights of a week.',
    defaults: { start_hour: 0, end_hour: 6, nights: 3, days: 7 },
    params: {
      start_hour: { label: 'Night starts (hour, UTC)', min: 0, max: 23 },
      end_hour: { label: 'Night ends (hour, UTC)', min: 1, max: 24 },
      nights: count('Nights', 31),
      days: count('Within (days)', 31),
    },
    evaluate: ({ playerId, event, history }, t) => {
      const atNight = (e: RuleEvent) => e.at.getUTCHours() >= num(t, 'start_hour') && e.at.getUTCHours() < num(t, 'end_hour');
      if (event.kind !== 'play' || !atNight(event)) return null;
      const nights = new Set(
        within(history, 'play', event.at, num(t, 'days') * DAY)
          .filter(atNight)
          .map((e) => day(e.at)),
      );
      if (nights.size < num(t, 'nights')) return null;
      return { dedupeKey: `night-play:${playerId}:${day(event.at)}`, facts: { nights: nights.size, days: num(t, 'days') } };
    },
  },
  {
    name: 'limit-increases',
    kind: 'rg',
    label: 'Repeated limit increases',
    description: 'Deposit, loss or wager limits raised several times.',
    defaults: { count: 3, days: 30 },
    params: { count: count('Increases'), days: count('Within (days)', 365) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'limit_increase') return null;
      const raised = within(history, 'limit_increase', event.at, num(t, 'days') * DAY).length;
      return raised >= num(t, 'count')
        ? { dedupeKey: `limit-increases:${playerId}:${day(event.at)}`, facts: { increases: raised, days: num(t, 'days') } }
        : null;
    },
  },
  {
    name: 'cancelled-withdrawals',
    kind: 'rg',
    label: 'Cancelled withdrawals',
    description: 'Withdrawals turned back into balance (rejected or reversed) several times.',
    defaults: { count: 2, days: 30 },
    params: { count: count('Withdrawals'), days: count('Within (days)', 365) },
    evaluate: ({ playerId, event, history }, t) => {
      if (event.kind !== 'withdrawal_released') return null;
      const released = within(history, 'withdrawal_released', event.at, num(t, 'days') * DAY).length;
      return released >= num(t, 'count')
        ? { dedupeKey: `cancelled-withdrawals:${playerId}:${day(event.at)}`, facts: { withdrawals: released, days: num(t, 'days') } }
        : null;
    },
  },
];
