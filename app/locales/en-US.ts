// The en-US catalogue: the site's only language (SPEC.md §1).
export const enUS = {
  meta: {
    title: '{{site}} — online casino with provably fair games',
    description: '{{site}}: slots, roulette and blackjack whose every round you can verify, fast withdrawals and limits you control.',
    shareImageAlt: '{{site}}: provably fair casino games',
  },
  spinner: { label: 'Loading {{site}}' },
  cookies: {
    text: 'We use necessary cookies to keep you signed in and to remember your preferences. With your permission we also use cookies for analytics and marketing. Read our',
    policy: 'cookie policy',
    accept: 'Accept',
    reject: 'Reject',
    choices: 'Choices',
    save: 'Save choices',
    choicesTitle: 'Cookie choices',
    necessary: 'Necessary',
    necessaryText: 'Keep you signed in and remember your language and this choice. Always on.',
    analytics: 'Analytics',
    analyticsText: 'Count which pages and games are used, so we can improve the site.',
    marketing: 'Marketing',
    marketingText: 'Measure our advertising and show you offers elsewhere.',
    chat: 'Support chat',
    chatText: 'Load our support chat, which stores its own cookies to keep your conversation.',
    footerLink: 'Cookie choices',
  },
  build: { available: 'A new version of the site is available.', reload: 'Reload' },
  loading: { label: 'Loading page' },
} as const;
