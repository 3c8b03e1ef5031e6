import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta.ts';

const rootMeta = [
  { title: 'Croupier — online casino' },
  { name: 'description', content: 'Site description' },
  { property: 'og:title', content: 'Croupier — online casino' },
  { property: 'og:description', content: 'Site description' },
  { property: 'og:image', content: 'https://casino.example/share-image.png' },
];

describe('pageMeta', () => {
  it("replaces title and description and keeps the site's share tags", () => {
    const meta = pageMeta([{ meta: rootMeta }], 'FAQ', 'Answers');
    expect(meta).toContainEqual({ title: 'FAQ' });
    expect(pageMeta([{ meta: rootMeta, loaderData: { settings: { site_name: 'Lucky Star' } } }], 'FAQ')).toContainEqual({ title: 'FAQ | Lucky Star' });
    expect(meta).toContainEqual({ name: 'description', content: 'Answers' });
    expect(meta).toContainEqual({ property: 'og:title', content: 'FAQ' });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://casino.example/share-image.png' });
    expect(meta.filter((d) => 'title' in d)).toHaveLength(1);
    expect(meta.filter((d) => 'name' in d && d.name === 'description')).toHaveLength(1);
  });

  it('keeps the site description when the page has none', () => {
    const meta = pageMeta([{ meta: rootMeta }], 'Deposit');
    expect(meta).toContainEqual({ name: 'description', content: 'Site description' });
    expect(meta).toContainEqual({ property: 'og:title', content: 'Deposit' });
  });
});
