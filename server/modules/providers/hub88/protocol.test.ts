import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsOf, HUB88_UNITS_PER_CENT, hub88UnitsOf, requestUuidOf } from './protocol.ts';

// Hub88 counts in 1/100,000 of the unit, our ledger in cents: converted exactly, or refused.

describe('Hub88 amounts', () => {
  it('convert whole cents both ways exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (cents) => {
        expect(centsOf(hub88UnitsOf(cents))).toBe(cents);
      }),
    );
    expect(centsOf(100_500)).toBeNull();
    expect(centsOf(100_000)).toBe(100);
    expect(centsOf(0)).toBe(0);
  });

  it('refuse what is not whole cents, negative, fractional or beyond exact integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (units) => {
        expect(centsOf(units)).toBe(units % HUB88_UNITS_PER_CENT === 0 ? units / HUB88_UNITS_PER_CENT : null);
        expect(centsOf(-units)).toBeNull();
        expect(centsOf(units + 0.5)).toBeNull();
      }),
    );
    expect(centsOf(Number.MAX_SAFE_INTEGER + 1)).toBeNull();
    expect(centsOf(Number.NaN)).toBeNull();
  });

  it('echo a request_uuid only when it is one', () => {
    expect(requestUuidOf('{"request_uuid":"583c985f-fee6-4c0e-bbf5-308aad6265af"}')).toEqual({ request_uuid: '583c985f-fee6-4c0e-bbf5-308aad6265af' });
    for (const raw of ['not json', '{"request_uuid":42}', '{"request_uuid":"<script>"}', 'null', `{"request_uuid":"${'a'.repeat(101)}"}`]) {
      expect(requestUuidOf(raw)).toEqual({});
    }
  });
});
