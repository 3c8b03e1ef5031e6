/** Our own illustrations for the fixed landing pages: wrapped sweets, and a fish on a golden hook. */
export function SweetsArt() {
  return (
    <svg viewBox="0 0 320 140" className="h-auto w-full" role="img" aria-label="Wrapped sweets and a lollipop">
      <rect width="320" height="140" rx="18" fill="#151a28" />
      {[
        { x: 70, y: 78, c: '#e5484d' },
        { x: 160, y: 60, c: '#f7c14b' },
        { x: 250, y: 82, c: '#1f9d6b' },
      ].map(({ x, y, c }) => (
        <g key={x} transform={`translate(${x} ${y})`}>
          <path d="M-44 -14 L-26 0 L-44 14 Z M44 -14 L26 0 L44 14 Z" fill={c} opacity="0.75" />
          <ellipse rx="28" ry="20" fill={c} />
          <path d="M-14 -14 Q0 0 -14 14 M0 -19 Q14 0 0 19 M14 -14 Q28 0 14 14" stroke="#0b0e17" strokeWidth="3" fill="none" opacity="0.35" />
        </g>
      ))}
      <line x1="205" y1="40" x2="230" y2="130" stroke="#e8ecf4" strokeWidth="5" strokeLinecap="round" />
      <circle cx="200" cy="30" r="22" fill="#f7c14b" />
      <path d="M200 30 m-14 0 a14 14 0 1 1 28 0 a10 10 0 1 1 -20 0 a6 6 0 1 1 12 0" stroke="#e5484d" strokeWidth="4" fill="none" />
    </svg>
  );
}

export function CatchArt() {
  return (
    <svg viewBox="0 0 320 140" className="h-auto w-full" role="img" aria-label="A fish rising to a golden hook">
      <rect width="320" height="140" rx="18" fill="#10243a" />
      <path d="M0 46 Q40 36 80 46 T160 46 T240 46 T320 46" stroke="#4ba3d9" strokeWidth="3" fill="none" opacity="0.6" />
      <line x1="236" y1="0" x2="236" y2="70" stroke="#e8ecf4" strokeWidth="2" />
      <path d="M236 70 v18 a12 12 0 1 1 -18 -8" stroke="#f7c14b" strokeWidth="5" fill="none" strokeLinecap="round" />
      <g transform="translate(120 96)">
        <path d="M-60 0 Q-20 -34 30 0 Q-20 34 -60 0 Z" fill="#f7c14b" />
        <path d="M30 0 L58 -20 L52 0 L58 20 Z" fill="#c98a0f" />
        <circle cx="-38" cy="-5" r="5" fill="#0b0e17" />
        <path d="M-20 -12 Q-6 0 -20 12 M-4 -14 Q10 0 -4 14" stroke="#c98a0f" strokeWidth="3" fill="none" />
      </g>
      {[30, 60, 290].map((x, i) => (
        <circle key={x} cx={x} cy={70 + i * 18} r={4 + i} fill="none" stroke="#4ba3d9" strokeWidth="2" opacity="0.7" />
      ))}
    </svg>
  );
}
