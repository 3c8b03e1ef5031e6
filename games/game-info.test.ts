import { describe, expect, it } from 'vitest';
import { gameCatalogue } from './catalogue.ts';

// The info panel speaks to players: RTP and how it was found in words, volatility, rules and paytable, never the
// code, benchmarks or seeds behind them (issue 17 §8).
const INTERNALS = [/\.tsx?\b/, /\bbench\b/i, /\bseed \d/i, /\bgames\//, /\bnpm\b/, /\bnode\b/, /\bBLACKJACK_ROUNDS\b/, /decision/i];

describe('game info for players', () => {
  it('has RTP, its method in words, volatility, rules and a paytable, and names none of our internals', () => {
    for (const info of gameCatalogue()) {
      expect(info.rtpPercent, info.slug).toBeGreaterThan(90);
      expect(info.rtpSource.length, info.slug).toBeGreaterThan(40);
      expect(['low', 'medium', 'high']).toContain(info.volatility);
      expect(info.rules.length, info.slug).toBeGreaterThan(1);
      expect(info.paytable.length, info.slug).toBeGreaterThan(0);
      const text = JSON.stringify(info);
      for (const pattern of INTERNALS) expect(text, `${info.slug} mentions ${pattern}`).not.toMatch(pattern);
    }
  });
});
