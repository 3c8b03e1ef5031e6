// The operators' console's plain values (SPEC.md §7 admin routes): staff roles, the statuses of adjustments, route
// rules and the outbox, VIP tier slugs, game tags and the stake bound. No zod here, so the console's bundles can import
// it; the schemas are in operators.ts, which re-exports all of this. Imports nothing.

export const STAFF_ROLE_NAMES = ['admin', 'support', 'compliance', 'finance', 'marketing'] as const;
export const ADJUSTMENT_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export const VIP_TIER_SLUGS = ['bronze', 'silver', 'gold', 'platinum'] as const;

/** The listing tags a game may carry: each also names a category the game is listed in. */
export const GAME_TAGS = ['new', 'popular'] as const;
/** The largest stake limit the console accepts, in minor units (1,000,000.00). */
export const MAX_STAKE_LIMIT = 100_000_000;

export const ROUTE_RULE_STATUSES = [301, 302, 307, 308] as const;
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/** Who marketing never reaches (docs/decisions/0056), as staff read it beside a count of excluded players. */
export const MARKETING_EXCLUDED = 'self-excluded, on a break, blocked or without marketing consent';

/**
 * The reason every consequential console action needs (block, unblock, reject a withdrawal or a KYC document, a
 * balance adjustment, a role change, a group message): trimmed, 3 to 500 characters, kept in its audit row.
 */
export const ACTION_REASON = { min: 3, max: 500 } as const;
