import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snippetOf } from './snippet.ts';

const banner = { name: 'Spring "Bonus" <728>', width: 728, height: 90, image_url: '/api/affiliates/creatives/3/image' };

describe('snippetOf', () => {
  it('links the casino-hosted banner through the tracking link, escaped for HTML', () => {
    expect(snippetOf(banner, { url: 'https://casino.example/promotion?token=aB3&sub=x-1' })).toBe(
      '<a href="https://casino.example/promotion?token=aB3&amp;sub=x-1" rel="sponsored"><img src="https://casino.example/api/affiliates/creatives/3/image" width="728" height="90" alt="Spring &quot;Bonus&quot; &lt;728&gt;"></a>',
    );
  });

  it('keeps any banner name inside its attribute: only the snippet’s own quotes and brackets remain', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[A-Za-z0-9._~-]{1,50}$/), (name, sub) => {
        const html = snippetOf({ ...banner, name }, { url: `https://casino.example/?token=t&sub=${sub}` });
        expect(html.match(/"/g)).toHaveLength(12);
        expect(html.match(/</g)).toHaveLength(3);
        expect(html.match(/>/g)).toHaveLength(3);
        expect(html).toContain(`sub=${sub}"`);
      }),
    );
  });
});
