import type { Database } from '../../db/client.ts';
import { MIN_CASHBACK, VIP_TIERS } from '../../../contract/clubs.ts';
import { formatMoney } from '../../../contract/money.ts';
import { promotions, routeRules } from './schema.ts';

const paying = VIP_TIERS.filter((tier) => tier.cashbackPercent > 0);
const TOP_CASHBACK = Math.max(...paying.map((tier) => tier.cashbackPercent));
const CASHBACK_RANGE = `${paying[0]!.cashbackPercent}% to ${TOP_CASHBACK}%`;
const CASHBACK_TIERS = paying.map((tier) => `${tier.name} ${tier.cashbackPercent}%`).join(', ');

const demoPromotions = [
  {
    slug: 'welcome-match',
    title: '100% Match Bonus up to €500',
    subtitle: 'plus 50 free spins on Lantern Orchard',
    summary: 'Double your first deposit up to €500, and claim 50 free spins on Lantern Orchard as well.',
    badge: 'Welcome offer',
    ctaLabel: 'Claim welcome bonus',
    sortOrder: 10,
    body: [
      '## How it works',
      '1. Register and verify your e-mail address.',
      '2. Make a first deposit of at least €20 and choose the welcome bonus on the deposit page.',
      '3. When the deposit arrives we add a 100% match of it, up to €500, to your bonus balance.',
      '4. Separately, claim 50 free spins (€0.20 each) on Lantern Orchard from the Bonuses page; their winnings are bonus money wagered 10 times within 7 days.',
      '',
      '## Wagering',
      'The bonus must be wagered 10 times (€1,000 for a €100 bonus) within 30 days before it turns into cash. Slots count 100%, table games 10%.',
      'Your own cash is staked first, bonus money only once your cash is spent. The maximum stake while a bonus is active is €5 per round.',
      'One bonus is active at a time.',
      '',
      '## Good to know',
      'One welcome bonus per person, household and payment method. You can forfeit an active bonus at any time from your Bonuses page; your own cash is never locked.',
    ].join('\n'),
  },
  {
    slug: 'weekend-reload',
    title: 'Weekend Reload 50%',
    subtitle: 'every Friday to Sunday',
    summary: 'Top up between Friday and Sunday and get 50% extra, up to €200, once per weekend.',
    badge: 'Every weekend',
    ctaLabel: 'Reload now',
    sortOrder: 20,
    body: [
      '## How it works',
      'Deposit at least €30 between Friday 00:00 and Sunday 23:59 (CET) and choose the reload bonus. We add 50% of the deposit, up to €200.',
      '',
      '## Wagering',
      'The bonus is wagered 10 times within 14 days. Slots count 100%, table games 10%. The maximum stake while it is active is €5 per round.',
    ].join('\n'),
  },
  {
    // The VIP club's weekly cashback, described from the same rules the cashback job pays by (contract/clubs.ts).
    slug: 'cashback-monday',
    title: `Cashback Monday: up to ${TOP_CASHBACK}%`,
    subtitle: 'a soft landing after the weekend',
    summary: `Every Monday, VIP club members get ${CASHBACK_RANGE} of last week’s net losses back as real cash, with no wagering.`,
    badge: 'No wagering',
    ctaLabel: 'See my cashback',
    sortOrder: 30,
    body: [
      '## How it works',
      `Your VIP tier sets your cashback: ${CASHBACK_TIERS}. Your net loss is what you staked on real-money rounds from Monday 00:00 to Sunday 23:59 (UTC) minus what those rounds paid out.`,
      '',
      '## Payment',
      `Paid every Monday as cash straight to your balance, with no wagering, and a message in your inbox. Cashback under ${formatMoney(MIN_CASHBACK, 'EUR')} is not paid; there is no upper limit. Demo play and bonus money do not count.`,
    ].join('\n'),
  },
  {
    slug: 'lucky-wheel-tournament',
    title: 'Lucky Wheel Tournament',
    subtitle: '€10,000 prize pool each month',
    summary: 'Climb the monthly leaderboard on our own studio slots and share a €10,000 prize pool.',
    badge: 'Tournament',
    ctaLabel: 'Join the tournament',
    sortOrder: 40,
    body: [
      '## How it works',
      'Every €1 wagered on Croupier Studio slots earns one tournament point. The top 100 players at the end of the month share the prize pool.',
      '',
      '## Prizes',
      '1st place €2,500, 2nd €1,500, 3rd €1,000; places 4 to 100 share the rest. Prizes are paid as cash with no wagering.',
    ].join('\n'),
  },
];

const demoRouteRules = [
  { sourcePath: '/promotions', target: '/promotion', status: 301 },
  { sourcePath: '/bonuses', target: '/all-bonuses', status: 302 },
  { sourcePath: '/help', target: '/faq', status: 301 },
  { sourcePath: '/gambling-help', target: 'https://www.begambleaware.org/', status: 302 },
];

export async function seedContent(db: Database): Promise<void> {
  await db.insert(promotions).values(demoPromotions).onConflictDoNothing({ target: promotions.slug });
  await db.insert(routeRules).values(demoRouteRules).onConflictDoNothing({ target: routeRules.sourcePath });
}
