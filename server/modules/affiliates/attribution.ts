// Tracking and attribution rules as pure functions (docs/decisions/0107-affiliates.md).

/** The `ma_token` cookie lives this long (SPEC.md §9), and so does a click's claim on a registration. */
export const ATTRIBUTION_WINDOW_MS = 7 * 86_400_000;
/** A visitor's repeated clicks on one link within this long count once. */
export const REPEAT_CLICK_WINDOW_MS = 30 * 60_000;
/** Link tokens and click ids are made of these; `~` joins them in `ma_token`. */
export const TOKEN_SHAPE = /^[A-Za-z0-9]{8,40}$/;
export const SUB_SHAPE = /^[A-Za-z0-9._-]{1,50}$/;

/** `ma_token` as the site keeps it: the link token, then `~` and the click's id when a click was recorded. */
export function parseMaToken(value: string | null | undefined): { token: string; clickId: string | null } | null {
  if (!value) return null;
  const [token, clickId, extra] = value.split('~');
  if (extra !== undefined || !token || !TOKEN_SHAPE.test(token)) return null;
  if (clickId === undefined) return { token, clickId: null };
  return TOKEN_SHAPE.test(clickId) ? { token, clickId } : { token, clickId: null };
}

export const maTokenOf = (token: string, clickId: string | null) => (clickId ? `${token}~${clickId}` : token);

export type AttributionInput = {
  player: { email: string; registeredAt: Date; alreadyAttributed: boolean };
  link: { id: number; affiliateId: number; sub: string | null } | null;
  affiliate: { email: string; status: string } | null;
  /** The click `ma_token` named, if it exists and is the link's. */
  click: { id: number; sub: string | null; at: Date } | null;
};

export type AttributionDecision =
  | { attributed: true; affiliateId: number; linkId: number; clickId: number | null; sub: string | null }
  | { attributed: false; reason: 'no_link' | 'already_attributed' | 'affiliate_not_approved' | 'self_referral' | 'click_expired' };

/**
 * Whom a registration is attributed to: the first registration wins (a player is attributed once); the link must
 * exist and its affiliate be approved; the affiliate's own e-mail is never attributed to them; a named click
 * counts only within the 7 days before registration, and its sub-ID (else the link's) is kept.
 */
export function decideAttribution({ player, link, affiliate, click }: AttributionInput): AttributionDecision {
  if (player.alreadyAttributed) return { attributed: false, reason: 'already_attributed' };
  if (!link || !affiliate) return { attributed: false, reason: 'no_link' };
  if (affiliate.status !== 'approved') return { attributed: false, reason: 'affiliate_not_approved' };
  if (affiliate.email.trim().toLowerCase() === player.email.trim().toLowerCase()) return { attributed: false, reason: 'self_referral' };
  if (click) {
    const age = player.registeredAt.getTime() - click.at.getTime();
    if (age > ATTRIBUTION_WINDOW_MS || age < -60_000) return { attributed: false, reason: 'click_expired' };
  }
  return { attributed: true, affiliateId: link.affiliateId, linkId: link.id, clickId: click?.id ?? null, sub: click?.sub ?? link.sub };
}

/** Whether a click counts: not a bot, and not a repeat of the visitor's counted click on this link within the window. */
export function clickCounts({ bot, lastCountedAt, at }: { bot: boolean; lastCountedAt: Date | null; at: Date }): boolean {
  if (bot) return false;
  return lastCountedAt === null || at.getTime() - lastCountedAt.getTime() >= REPEAT_CLICK_WINDOW_MS;
}
