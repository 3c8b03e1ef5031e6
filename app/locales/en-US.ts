// The en-US catalogue: the site's only language (SPEC.md §1).
export const enUS = {
  meta: {
    title: '{{site}} — online casino with provably fair games',
    description: '{{site}}: slots, roulette and blackjack whose every round you can verify, fast withdrawals and limits you control.',
    shareImageAlt: '{{site}}: provably fair casino games',
  },
  spinner: { label: 'Loading {{site}}' },
  cookies: {
    text: 'We use cookies to keep you signed in and to remember your preferences. Read our',
    policy: 'cookie policy',
    accept: 'Accept',
  },
  build: { available: 'A new version of the site is available.', reload: 'Reload' },
  loading: { label: 'Loading page' },
} as const;
