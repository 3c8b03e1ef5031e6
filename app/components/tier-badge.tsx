import type { VipTier } from '../../contract/clubs.ts';

export const TIER_COLOURS: Record<VipTier['slug'], string> = { bronze: '#c7864a', silver: '#c9d1de', gold: '#f7c14b', platinum: '#9fe3d2' };

/** A VIP tier's star in its colour; decorative, the tier's name goes beside it. */
export function TierBadge({ slug, className = 'h-10 w-10' }: { slug: VipTier['slug']; className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <path d="M20 3l5 10 11 1.6-8 7.8 1.9 11L20 28.3 10.1 33.4 12 22.4 4 14.6 15 13z" fill={TIER_COLOURS[slug]} />
    </svg>
  );
}
