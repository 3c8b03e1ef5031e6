/**
 * A provider's display name from its slug (`croupier-studio` → "Croupier Studio"): game summaries carry only the
 * slug, and a tile should not cost a request per provider.
 */
export function providerLabel(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
