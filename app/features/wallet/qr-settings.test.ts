import { describe, expect, it } from 'vitest';
import { QR_DEFAULTS, qrLevel } from './qr-settings.ts';

describe('QR settings', () => {
  it('has the SPEC.md §9 defaults', () => {
    expect(QR_DEFAULTS).toEqual({ size: 100, level: 'L', marginSize: 0, minVersion: 1 });
  });

  it('accepts only the levels L, M, Q and H', () => {
    for (const level of ['L', 'M', 'Q', 'H']) expect(qrLevel(level)).toBe(level);
    for (const level of ['', 'l', 'X', 'LL']) expect(() => qrLevel(level)).toThrow(/one of L, M, Q, H/);
  });
});
