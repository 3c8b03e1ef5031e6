import type { MetaDescriptor } from 'react-router';

type MatchWithMeta = { meta: MetaDescriptor[]; loaderData?: unknown } | undefined;

const keyOf = (d: MetaDescriptor): string | undefined =>
  'title' in d ? 'title' : 'name' in d ? `name:${String(d.name)}` : 'property' in d ? `property:${String(d.property)}` : undefined;

/**
 * A page's own title and description on top of the site-wide tags the root sets (share image, site
 * name, locale): React Router lets the deepest route's meta replace its parents', so pages merge.
 */
export function pageMeta(matches: MatchWithMeta[], title: string, description?: string): MetaDescriptor[] {
  const site = (matches[0]?.loaderData as { settings?: { site_name?: string } } | undefined)?.settings?.site_name;
  const own: MetaDescriptor[] = [
    { title: site ? `${title} | ${site}` : title },
    { property: 'og:title', content: title },
    ...(description
      ? [
          { name: 'description', content: description },
          { property: 'og:description', content: description },
        ]
      : []),
  ];
  const replaced = new Set(own.map(keyOf));
  const inherited = (matches[0]?.meta ?? []).filter((d) => !replaced.has(keyOf(d)));
  return [...own, ...inherited];
}
