import { useEffect, useState } from 'react';
import { pocketColour, WHEEL_ORDER } from './roulette-spots.ts';

/** How long the wheel turns before the ball settles; the result is shown only after it. */
export const WHEEL_SPIN_MS = 4200;

const SLICE = 360 / WHEEL_ORDER.length;
const FILL = { red: '#b3262b', black: '#11131b', green: '#1f9d6b' } as const;

function polar(radius: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [100 + radius * Math.cos(radians), 100 + radius * Math.sin(radians)];
}

function slicePath(i: number, outer: number, inner: number): string {
  const start = i * SLICE - SLICE / 2;
  const end = start + SLICE;
  const [x1, y1] = polar(outer, start);
  const [x2, y2] = polar(outer, end);
  const [x3, y3] = polar(inner, end);
  const [x4, y4] = polar(inner, start);
  return `M${x1} ${y1}A${outer} ${outer} 0 0 1 ${x2} ${y2}L${x3} ${y3}A${inner} ${inner} 0 0 0 ${x4} ${y4}Z`;
}

/**
 * The wheel turns to bring the winning pocket under the marker at the top while the ball runs the other way
 * and drops into it. `spin` changes once per round; `pocket` is the server's result for it.
 */
export function RouletteWheel({ pocket, spin, settled }: { pocket: number | null; spin: number; settled: boolean }) {
  const [angles, setAngles] = useState({ wheel: 0, ball: 0 });
  useEffect(() => {
    if (pocket === null) return;
    setAngles((previous) => {
      const target = -WHEEL_ORDER.indexOf(pocket) * SLICE;
      const turn = (((target - previous.wheel) % 360) + 360) % 360;
      // Whole extra turns make it a spin; the ball ends at the top (a multiple of 360) in the pocket.
      return { wheel: previous.wheel + 4 * 360 + turn, ball: previous.ball - 6 * 360 };
    });
  }, [pocket, spin]);
  const transition = `transform ${WHEEL_SPIN_MS}ms cubic-bezier(0.12, 0.55, 0.08, 1)`;
  return (
    <svg
      viewBox="0 0 200 200"
      className="h-full w-full drop-shadow-[0_10px_30px_rgb(0_0_0/0.6)]"
      role="img"
      aria-label={settled && pocket !== null ? `The ball is in ${pocket}` : 'Roulette wheel'}
    >
      <defs>
        <radialGradient id="wheel-wood" cx="50%" cy="50%" r="50%">
          <stop offset="80%" stopColor="#6b4420" />
          <stop offset="100%" stopColor="#3a230e" />
        </radialGradient>
        <radialGradient id="wheel-cone" cx="50%" cy="45%" r="55%">
          <stop offset="0%" stopColor="#ffd77a" />
          <stop offset="60%" stopColor="#c98a0f" />
          <stop offset="100%" stopColor="#6b4a08" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="100" r="99" fill="url(#wheel-wood)" />
      <circle cx="100" cy="100" r="88" fill="#1b1208" />
      <g style={{ transform: `rotate(${angles.wheel}deg)`, transformOrigin: '100px 100px', transition }}>
        {WHEEL_ORDER.map((number, i) => {
          const [tx, ty] = polar(77, i * SLICE);
          return (
            <g key={number}>
              <path d={slicePath(i, 86, 56)} fill={FILL[pocketColour(number)]} stroke="#d9b25c" strokeWidth="0.4" />
              <text
                x={tx}
                y={ty}
                fill="#fff"
                fontSize="7"
                fontWeight="700"
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${i * SLICE} ${tx} ${ty})`}
              >
                {number}
              </text>
            </g>
          );
        })}
        <circle cx="100" cy="100" r="56" fill="none" stroke="#d9b25c" strokeWidth="1" />
        <circle cx="100" cy="100" r="40" fill="url(#wheel-cone)" />
        {[0, 90, 180, 270].map((angle) => (
          <rect key={angle} x="98" y="62" width="4" height="76" rx="2" fill="#ffe7a8" transform={`rotate(${angle + 45} 100 100)`} />
        ))}
        <circle cx="100" cy="100" r="9" fill="#ffe7a8" stroke="#8a6410" />
      </g>
      <g style={{ transform: `rotate(${angles.ball}deg)`, transformOrigin: '100px 100px', transition }}>
        <circle cx="100" cy="25" r="4.2" fill="#fbfbfb" stroke="#9aa" strokeWidth="0.6" />
      </g>
      <path d="M94 2 L106 2 L100 12 Z" fill="#ffd77a" stroke="#6b4a08" strokeWidth="0.8" />
    </svg>
  );
}
