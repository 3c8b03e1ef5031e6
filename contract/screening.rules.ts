// Sanctions screening's plain values (docs/decisions/0116), shared by the console and the server.

/** A hit is open until compliance marks it a false positive. */
export const SCREENING_HIT_STATUSES = ['open', 'false_positive'] as const;
