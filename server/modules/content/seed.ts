import type { Database } from '../../db/client.ts';
import { promotions, routeRules } from './schema.ts';

const demoPromotions = [
  {
    slug: 'welcome-match',
    title: '100% Match Bonus- Up to €500',
    subtitle: 'plus 50 extra free spins on a crypto deposit',
    summary: 'Double your first deposit up to €500 and take 50 extra free spins when you deposit with crypto.',
    badge: 'Welcome offer',
    ctaLabel: 'Claim welcome bonus',
    sortOrder: 10,
    body: [
      '## How it works',
      '1. Register and verify your e-mail address.',
      '2. Make a first deposit of at least €20 and choose the welcome bonus on the deposit page.',
      '3. We add a 100% match of your deposit, up to €500, to your bonus balance at once.',
      '4. Deposit with crypto and 50 extra free spins are added as well.',
      '',
      '## Wagering',
      'Bonus funds must be wagered 35 times within 30 days before they can be withdrawn. Slots count 100%, table games 10%.',
      'The maximum stake while a bonus is active is €5 per round.',
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
      'The bonus is wagered 30 times within 14 days. Slots count 100%, table games 10%.',
    ].join('\n'),
  },
  {
    slug: 'cashback-monday',
    title: '10% Cashback Monday',
    subtitle: 'a soft landing after the weekend',
    summary: 'Every Monday we return 10% of last week’s net losses as real cash, with no wagering.',
    badge: 'No wagering',
    ctaLabel: 'See my cashback',
    sortOrder: 30,
    body: [
      '## How it works',
      'Net losses from Monday to Sunday (deposits minus withdrawals minus balance change) earn 10% cashback, credited on Monday as cash.',
      '',
      '## Limits',
      'Cashback is at least €1 and at most €1,000 a week. It is paid only on real-money play, never on bonus funds.',
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
