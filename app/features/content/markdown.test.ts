import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { markdownPage, renderMarkdown } from './markdown.server.ts';

const pagesDir = new URL('../../../content/pages/', import.meta.url);

describe('renderMarkdown', () => {
  it('keeps what Markdown writes: headings, lists, emphasis, links, tables, code', () => {
    const html = renderMarkdown(
      '# Terms\n\n1. **Bonus** funds\n2. *Wagering* of `35x`\n\n[Help](https://www.begambleaware.org/ "help")\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n> quote',
    );
    expect(html).toContain('<h1>Terms</h1>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong>Bonus</strong>');
    expect(html).toContain('<em>Wagering</em>');
    expect(html).toContain('<code>35x</code>');
    expect(html).toContain('<a href="https://www.begambleaware.org/" title="help">Help</a>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<blockquote>');
  });

  it('drops scripts, event handlers, frames, styles and javascript: links from a promotion body', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n\n<p style="position:fixed" onclick="steal()">Win</p>\n\n[claim](javascript:alert(3)) [x](//evil.example)',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|<iframe|<img|style=|javascript:|\/\/evil/i);
    expect(html).toContain('Win');
  });

  it('never lets a tag or attribute outside the allow-list through, whatever the body', () => {
    const hostile = fc.constantFrom(
      '<script>x</script>',
      '<img src=x onerror=y>',
      '<svg onload=y>',
      '<a href="javascript:y">z</a>',
      '<object data=x>',
      '<form action=x>',
      '<input autofocus onfocus=y>',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), hostile), { maxLength: 8 }), (parts) => {
        const html = renderMarkdown(parts.join('\n\n'));
        expect(html).not.toMatch(/<(script|img|svg|object|form|input|iframe|style)\b|\son\w+=|javascript:/i);
      }),
      { numRuns: 200 },
    );
  });

  it("changes nothing of the site's own pages", () => {
    for (const file of readdirSync(pagesDir).filter((name) => name.endsWith('.md'))) {
      const source = readFileSync(new URL(file, pagesDir), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
      const page = markdownPage(`/${file.replace(/\.md$/, '')}`);
      // The same markup; only how a quote is spelled may differ (&#39; or ').
      const sameSpelling = (html: string) => html.replaceAll('&#39;', "'").replaceAll('&quot;', '"');
      expect(sameSpelling(page?.html ?? ''), file).toBe(sameSpelling(marked.parse(source, { async: false, gfm: true })));
    }
  });
});
