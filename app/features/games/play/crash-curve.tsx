// The crash curve (issue 34 §6): our own drawing of the round so far, from the multiplier the table shows. The
// multiplier grows as e^(growth·t), so the time on the x axis is ln(multiplier)/growth; the axes stretch as the
// round runs (at least 10 s and 2×), so the line always reaches the top right of what has happened.

export const CURVE_WIDTH = 400;
export const CURVE_HEIGHT = 200;
const MIN_SPAN_MS = 10_000;
const MIN_TOP = 200;
const SAMPLES = 48;

/** Elapsed milliseconds at which a round growing at `growth` (per ms) shows `multiplier` (hundredths). */
export function elapsedAt(multiplier: number, growth: number): number {
  return growth > 0 && multiplier > 100 ? Math.log(multiplier / 100) / growth : 0;
}

/** The curve's SVG path and the point it has reached, in a CURVE_WIDTH × CURVE_HEIGHT box (y down). */
export function crashCurve(multiplier: number, growth: number): { path: string; tip: { x: number; y: number } } {
  const elapsed = elapsedAt(multiplier, growth);
  const span = Math.max(MIN_SPAN_MS, elapsed * 1.15);
  const top = Math.max(MIN_TOP, multiplier * 1.15);
  const point = (t: number) => {
    const m = Math.min(100 * Math.exp(growth * t), multiplier);
    return { x: (t / span) * CURVE_WIDTH, y: CURVE_HEIGHT - ((m - 100) / (top - 100)) * CURVE_HEIGHT };
  };
  const points = Array.from({ length: SAMPLES + 1 }, (_, i) => point((elapsed * i) / SAMPLES));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
  return { path, tip: points.at(-1)! };
}

/** The curve behind the big multiplier: gold while rising, ruby once crashed. Decorative: the number says it all. */
export function CrashCurve({ multiplier, growth, crashed }: { multiplier: number; growth: number; crashed: boolean }) {
  const { path, tip } = crashCurve(multiplier, growth);
  const colour = crashed ? '#e5484d' : '#f7c14b';
  return (
    <svg
      viewBox={`-4 -8 ${CURVE_WIDTH + 8} ${CURVE_HEIGHT + 12}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 h-full w-full opacity-80"
      data-testid="crash-curve"
      data-tip={`${tip.x.toFixed(0)},${tip.y.toFixed(0)}`}
    >
      <path d={`${path} L${tip.x.toFixed(1)} ${CURVE_HEIGHT} L0 ${CURVE_HEIGHT} Z`} fill={colour} opacity={0.12} />
      <path d={path} fill="none" stroke={colour} strokeWidth={4} strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
