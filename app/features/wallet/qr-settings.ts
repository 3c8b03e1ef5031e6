// SPEC.md §9 QR defaults, named once: every QR code of the site is drawn with these.

const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
type QrLevel = (typeof QR_LEVELS)[number];

/** SPEC.md §5: a QR display level must be one of L, M, Q, H. */
export function qrLevel(value: string): QrLevel {
  const level = QR_LEVELS.find((candidate) => candidate === value);
  if (!level) throw new Error(`A QR level must be one of ${QR_LEVELS.join(', ')}; got "${value}".`);
  return level;
}

/** Versions 1 to 40: qrcode.react picks the smallest that fits from `minVersion` up, and 40 is its (and QR's) largest. */
export const QR_DEFAULTS = {
  size: 100,
  level: qrLevel('L'),
  marginSize: 0,
  minVersion: 1,
} as const;
