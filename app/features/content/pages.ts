// Headings and opening text of the information pages, keyed by path.
export type InfoPage = { title: string; lead: string; paragraphs: string[] };

export const infoPages: Record<string, InfoPage> = {
  '/faq': {
    title: 'Frequently asked questions',
    lead: 'Quick answers about accounts, payments, bonuses and fair play.',
    paragraphs: [
      'How do I open an account? Choose Register, complete the three short steps and confirm your e-mail address or phone number.',
      'How long does a withdrawal take? Requests are reviewed within 24 hours once your identity is verified, then paid to the method you deposited with.',
      'How do I know a game is fair? Every round is decided by a server seed whose fingerprint is published before you play. After you rotate the seed you can recompute any round yourself.',
    ],
  },
  '/about': {
    title: 'About us',
    lead: 'Croupier is an online casino built on open-source software and provably fair games.',
    paragraphs: [
      'We make our own slots, roulette and blackjack, so we can show exactly how each round is decided and what each game returns to players.',
      'Money is kept in a double-entry ledger: every cent you deposit, stake, win or withdraw can be traced.',
    ],
  },
  '/cookie-policy': {
    title: 'Cookie policy',
    lead: 'Which cookies we set, why, and for how long.',
    paragraphs: [
      'token: keeps you signed in for the length of your session; strictly necessary.',
      'ma_token: remembers the partner who referred you, for 7 days. trackingParams: remembers the promotion you arrived with, for 7 days.',
      'locale: remembers your language for 365 days. Your cookie consent itself is stored in your browser’s local storage.',
    ],
  },
  '/privacy-policy': {
    title: 'Privacy policy',
    lead: 'What personal data we hold, why we need it, and your rights over it.',
    paragraphs: [
      'We collect the details needed to open and verify your account, keep your money safe and meet our licence conditions, and nothing more.',
      'You may ask for a copy of your data, its correction or, where the law allows, its deletion at any time by contacting support.',
    ],
  },
  '/terms-and-conditions': {
    title: 'Terms and conditions',
    lead: 'The agreement between you and us when you use this site.',
    paragraphs: [
      'You must be at least 18 years old and may hold only one account.',
      'Bonuses carry wagering requirements, shown on each offer, before bonus funds can be withdrawn.',
    ],
  },
  '/responsible-gaming': {
    title: 'Responsible gaming',
    lead: 'Gambling should be entertainment. These tools help keep it that way.',
    paragraphs: [
      'Set daily, weekly or monthly deposit limits, loss limits and session reminders from your account’s Limits page.',
      'Take a time-out from 24 hours to 6 weeks, or self-exclude for 6 months or more. During self-exclusion you cannot log in or receive marketing.',
      'If gambling is no longer fun, free and confidential help is available from BeGambleAware and GamCare.',
    ],
  },
  '/vip-club': {
    title: 'VIP club',
    lead: 'Four tiers that reward regular play with faster withdrawals, higher limits and a personal host.',
    paragraphs: [
      'Bronze, Silver, Gold and Platinum: your tier is reviewed every month from the points you earned.',
      'From Gold upwards you have a personal account manager and same-day withdrawals.',
    ],
  },
  '/loyalty-club': {
    title: 'Loyalty club',
    lead: 'Every real-money round earns loyalty points you can exchange for free spins and cash.',
    paragraphs: [
      'You earn 1 point for every €10 wagered on slots and 1 point for every €50 on table games.',
      'Exchange 100 points for €1 in cash, with no wagering, from your account’s Loyalty club page.',
    ],
  },
};
