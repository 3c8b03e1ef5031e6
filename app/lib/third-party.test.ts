import { describe, expect, it } from 'vitest';
import { analyticsScriptAllowed, createAnalytics } from './analytics.ts';
import type { ScriptHost } from './script-loader.ts';
import { loadSupportChat } from './support-chat.ts';
import { lookUpVisitor } from './visitor.ts';

function fakeDocument() {
  const scripts: { src: string; async: boolean; dataset: Record<string, string> }[] = [];
  const doc: ScriptHost = {
    createElement: () => ({ src: '', async: false, dataset: {} }),
    head: { appendChild: (node) => scripts.push(node as (typeof scripts)[number]) },
    querySelector: (selector) => scripts.find((s) => selector.includes(`"${s.dataset.thirdParty}"`)) ?? null,
  };
  return { doc, scripts };
}

describe('analytics', () => {
  it('stays off without configuration: events queue but no script loads', () => {
    const { doc, scripts } = fakeDocument();
    const win: { dataLayer?: unknown[] } = {};
    const analytics = createAnalytics(win);
    analytics.track({ event: 'deposit_page_visit' });
    expect(analytics.start(doc, { app_env: 'production', analytics_id: null })).toBe(false);
    expect(analytics.start(doc, { app_env: 'staging', analytics_id: 'GTM-ABC123' })).toBe(false);
    expect(scripts).toEqual([]);
    expect(win.dataLayer).toEqual([{ event: 'deposit_page_visit' }]);
  });

  it('loads the tag manager once in production with an id', () => {
    const { doc, scripts } = fakeDocument();
    const win: { dataLayer?: unknown[] } = {};
    const analytics = createAnalytics(win);
    expect(analytics.start(doc, { app_env: 'production', analytics_id: 'GTM-ABC123' })).toBe(true);
    expect(analytics.start(doc, { app_env: 'production', analytics_id: 'GTM-ABC123' })).toBe(false);
    expect(scripts.map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC123']);
    expect(scripts[0]?.async).toBe(true);
    analytics.track({ event: 'game_launch', id: '7', name: 'Lucky Wheel', mode: 'demo', device: 'mobile', session_id: 's1', provider: 'croupier-studio' });
    expect(win.dataLayer?.at(-1)).toMatchObject({ event: 'game_launch', id: '7', mode: 'demo' });
  });

  it('allows the script only in production with an id', () => {
    expect(analyticsScriptAllowed({ app_env: 'production', analytics_id: 'GTM-1234' })).toBe(true);
    expect(analyticsScriptAllowed({ app_env: 'development', analytics_id: 'GTM-1234' })).toBe(false);
    expect(analyticsScriptAllowed({ app_env: 'production', analytics_id: null })).toBe(false);
  });
});

describe('support chat', () => {
  it('stays off without a script URL and loads it once with one', () => {
    const { doc, scripts } = fakeDocument();
    expect(loadSupportChat(doc, { support_chat_url: null })).toBe(false);
    expect(scripts).toEqual([]);
    expect(loadSupportChat(doc, { support_chat_url: 'https://chat.example/widget.js' })).toBe(true);
    expect(loadSupportChat(doc, { support_chat_url: 'https://chat.example/widget.js' })).toBe(false);
    expect(scripts.map((s) => s.src)).toEqual(['https://chat.example/widget.js']);
  });
});

describe('visitor location', () => {
  const trace = (body: string, status = 200) => (async () => new Response(body, { status })) as typeof fetch;

  it('stays off without a trace URL', async () => {
    let called = false;
    const spy = (async () => {
      called = true;
      return new Response('loc=NL');
    }) as typeof fetch;
    expect(await lookUpVisitor(null, 'en-US', spy)).toBeNull();
    expect(called).toBe(false);
  });

  it('reads loc, country and locale from the trace answer', async () => {
    expect(await lookUpVisitor('https://casino.example/cdn-cgi/trace', 'en-GB', trace('fl=1\nip=1.2.3.4\nloc=NL\ntls=TLSv1.3\n'))).toEqual({
      loc: 'NL',
      country: 'Netherlands',
      locale: 'en-GB',
    });
  });

  it('ignores failures: an error status, a network error, or no loc', async () => {
    expect(await lookUpVisitor('https://x.example/trace', 'en-US', trace('loc=NL', 500))).toBeNull();
    expect(await lookUpVisitor('https://x.example/trace', 'en-US', trace('ip=1.2.3.4'))).toBeNull();
    const failing = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    expect(await lookUpVisitor('https://x.example/trace', 'en-US', failing)).toBeNull();
  });
});
