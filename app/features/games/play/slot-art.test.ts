import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SLOT_TITLES } from '../../../../games/slots/catalogue.ts';
import { DRAWN_TITLES, SYMBOL_DRAWINGS } from './slot-art.tsx';
import { SlotSymbol } from './slot-symbol.tsx';

const markup = (symbol: (typeof SLOT_TITLES)[number]['symbols'][number]) =>
  renderToStaticMarkup(createElement(SlotSymbol, { art: { symbol: symbol.id, name: symbol.name, kind: symbol.kind, colour: symbol.colour }, index: 0 }));

describe('slot symbol art', () => {
  it('draws every symbol of every title, each set its own', () => {
    for (const title of SLOT_TITLES) {
      expect(DRAWN_TITLES[title.slug], title.slug).toEqual(title.symbols.map((symbol) => symbol.id));
    }
  });

  it('tells symbols apart by drawing, not by a letter; only the wild and the scatter carry a word, their role', () => {
    for (const title of SLOT_TITLES) {
      const drawings = title.symbols.map((symbol) => renderToStaticMarkup(createElement('svg', null, SYMBOL_DRAWINGS[symbol.id]!('x'))));
      expect(new Set(drawings).size, title.slug).toBe(title.symbols.length);
      for (const symbol of title.symbols) {
        const svg = markup(symbol);
        const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
        expect(words, symbol.id).toEqual(symbol.kind === 'wild' ? ['WILD'] : symbol.kind === 'scatter' ? ['SCATTER'] : []);
        expect(svg).toContain(`aria-label="${symbol.name}"`);
      }
    }
  });
});
