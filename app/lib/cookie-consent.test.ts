import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyConsent } from './consent-scripts.ts';
import { ALL_ACCEPTED, ALL_REJECTED, type CookieChoices, parseChoices, readChoices, serializeChoices, storeChoices } from './cookie-consent.ts';
import type { ScriptHost } from './script-loader.ts';

const choices = fc.record({ analytics: fc.boolean(), marketing: fc.boolean(), chat: fc.boolean() });

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

function fakeDocument() {
  const scripts: { src: string; dataset: Record<string, string> }[] = [];
  const doc: ScriptHost = {
    createElement: () => ({ src: '', async: false, dataset: {} }),
    head: { appendChild: (node) => scripts.push(node as (typeof scripts)[number]) },
    querySelector: (selector) => scripts.find((s) => selector.includes(`"${s.dataset.thirdParty}"`)) ?? null,
  };
  return { doc, scripts };
}

const configured = { app_env: 'production', analytics_id: 'GTM-ABC123', support_chat_url: 'https://chat.example/widget.js' } as const;

describe('cookie choices in storage', () => {
  it('keeps SPEC.md’s value "true" for everything accepted, and names the allowed categories otherwise', () => {
    expect(serializeChoices(ALL_ACCEPTED)).toBe('true');
    expect(serializeChoices(ALL_REJECTED)).toBe('necessary');
    expect(serializeChoices({ analytics: true, marketing: false, chat: true })).toBe('necessary,analytics,chat');
    expect(parseChoices('true')).toEqual(ALL_ACCEPTED);
    expect(parseChoices('necessary')).toEqual(ALL_REJECTED);
  });

  it('reads any stored choice back as it was stored', () => {
    fc.assert(
      fc.property(choices, (stored: CookieChoices) => {
        const storage = memoryStorage();
        storeChoices(stored, storage);
        expect(readChoices(storage)).toEqual(stored);
      }),
      { seed: 34 },
    );
  });

  it('counts no answer, an old "false", tampering and unknown categories as no answer: nothing optional is allowed', () => {
    for (const value of [null, '', 'false', 'yes', 'analytics', 'necessary,ads', 'necessary,analytics,everything']) {
      expect(parseChoices(value), String(value)).toBeNull();
    }
    const broken = {
      getItem: () => {
        throw new Error('storage disabled');
      },
      setItem: () => undefined,
    };
    expect(readChoices(broken)).toBeNull();
  });
});

describe('third-party scripts follow the choices', () => {
  it('loads neither analytics nor the chat before an answer or after Reject', () => {
    for (const answer of [null, ALL_REJECTED, { analytics: false, marketing: true, chat: false }]) {
      const { doc, scripts } = fakeDocument();
      let analyticsStarted = 0;
      applyConsent(doc, configured, answer, { analytics: () => void analyticsStarted++ });
      expect(analyticsStarted).toBe(0);
      expect(scripts).toEqual([]);
    }
  });

  it('starts each only with its own category', () => {
    fc.assert(
      fc.property(choices, (answer) => {
        const { doc, scripts } = fakeDocument();
        let analyticsStarted = 0;
        applyConsent(doc, configured, answer, { analytics: () => void analyticsStarted++ });
        expect(analyticsStarted).toBe(answer.analytics ? 1 : 0);
        expect(scripts.map((s) => s.dataset.thirdParty)).toEqual(answer.chat ? ['support-chat'] : []);
      }),
      { seed: 34 },
    );
  });

  it('says a loaded script was withdrawn, so the page reloads without it', () => {
    const { doc } = fakeDocument();
    expect(applyConsent(doc, configured, ALL_ACCEPTED, { analytics: () => undefined }).withdrawn).toBe(false);
    expect(applyConsent(doc, configured, { analytics: true, marketing: true, chat: false }, { analytics: () => undefined }).withdrawn).toBe(true);
  });
});
