// Aggregators' games: the plain values the player site and the console share with the server (decision 0100). No zod
// here, so the site's bundles can import it; the schemas are in providers.ts, which re-exports all of this.

export const LAUNCH_MODES = ['real', 'demo'] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];

/** A provider transaction's state: a bet `accepted` (money moved), `refused`, or `rolled_back`; wins and rollbacks are kept once accepted. */
export const PROVIDER_TX_STATES = ['accepted', 'refused', 'rolled_back'] as const;
export type ProviderTxState = (typeof PROVIDER_TX_STATES)[number];

/** A reconciliation day, YYYY-MM-DD (UTC), in the years a casino's records can hold (1900-2999): year 0000 or 9999 is refused. */
export const RECONCILIATION_DAY = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** How long a round may go without a win or a rollback before the reconciliation lists it as left open. */
export const DEFAULT_OPEN_MINUTES = 30;
