import { Link } from 'react-router';

/** The home page's opening banner; also the backdrop the popup pages blur. */
export function HomeHero() {
  return (
    <section className="relative overflow-hidden border-b border-night-700 bg-[radial-gradient(ellipse_at_70%_20%,rgb(247_193_75/0.18),transparent_55%),linear-gradient(180deg,var(--color-night-850),var(--color-night-900))]">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:py-16 md:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">Welcome offer</p>
          <h1 className="mt-3 font-display text-4xl font-bold leading-tight text-mist-100 sm:text-5xl">100% Match Bonus- Up to €500</h1>
          <p className="mt-4 max-w-xl text-lg text-mist-300">
            Double your first deposit up to €500, claim 50 free spins, and play games whose every round you can verify yourself.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/register" className="btn btn-primary px-6 text-base">
              Join now
            </Link>
            <Link to="/promotion" className="btn btn-ghost px-6 text-base">
              See promotions
            </Link>
          </div>
          <p className="mt-4 text-xs text-mist-400">18+. New players only. Bonus wagered 10x within 30 days. Terms apply.</p>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <svg viewBox="0 0 320 220" className="mx-auto hidden w-full max-w-sm md:block" role="img" aria-label="A stack of gold chips beside a roulette wheel">
      <defs>
        <radialGradient id="wheel" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#1f2637" />
          <stop offset="100%" stopColor="#0b0e17" />
        </radialGradient>
      </defs>
      <circle cx="200" cy="110" r="95" fill="url(#wheel)" stroke="#f7c14b" strokeWidth="4" />
      {Array.from({ length: 18 }, (_, i) => (
        <path
          key={i}
          d={`M200 110 L${200 + 85 * Math.cos((i * 20 * Math.PI) / 180)} ${110 + 85 * Math.sin((i * 20 * Math.PI) / 180)} A85 85 0 0 1 ${200 + 85 * Math.cos(((i * 20 + 10) * Math.PI) / 180)} ${110 + 85 * Math.sin(((i * 20 + 10) * Math.PI) / 180)} Z`}
          fill={i === 0 ? '#1f9d6b' : i % 2 ? '#e5484d' : '#151a28'}
          opacity="0.9"
        />
      ))}
      <circle cx="200" cy="110" r="40" fill="#10141f" stroke="#f7c14b" strokeWidth="3" />
      <circle cx="200" cy="110" r="8" fill="#f7c14b" />
      {[0, 1, 2, 3].map((i) => (
        <g key={i} transform={`translate(60 ${170 - i * 16})`}>
          <ellipse cx="0" cy="0" rx="42" ry="13" fill="#c98a0f" />
          <ellipse cx="0" cy="-5" rx="42" ry="13" fill="#f7c14b" stroke="#0b0e17" strokeWidth="2" strokeDasharray="7 6" />
        </g>
      ))}
    </svg>
  );
}
