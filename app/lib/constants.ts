// Timing constants of SPEC.md §9, named once.
export const COOKIE_BANNER_DELAY_MS = 4500;
export const INITIAL_SPINNER_MS = 3000;
export const PAYLOAD_PRELOAD_DELAY_MS = 1000;
export const CHUNK_RELOAD_TTL_MS = 10_000;
export const ANALYTICS_IDENTIFY_DELAY_MS = 7000;
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const LOADING_BAR = { throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 } as const;
/** How often an open page asks whether a new build was deployed. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;
export const COOKIE_CONSENT_KEY = 'cookie-consent';
/** ma_token and trackingParams cookies (SPEC.md §9: 604800 s). */
export const SEVEN_DAYS_S = 604_800;
