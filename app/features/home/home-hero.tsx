import { Link } from 'react-router';

/** The home page's opening banner; also the backdrop the popup pages blur. */
export function HomeHero() {
  return (
    <section className="relative overflow-hidden border-b border-night-700 bg-[radial-gradient(ellipse_at_70%_20%,rgb(247_193_75/0.18),transparent_55%),linear-gradient(180deg,var(--color-night-850),var(--color-night-900))]">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:py-16 md:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">Welcome offer</p>
          <h1 className="mt-3 font-display text-4xl font-bold leading-tight text-mist-100 sm:text-5xl">100% Match Bonus up to €500</h1>
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

/** A transparent pixel: what a phone, which never shows the art, gets instead of it (a data: URL, no request). */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * Our own art (public/hero.svg): a file the browser caches, not 4 KB of markup in every page that shows the banner.
 * Only wide screens show it, so only they load it: a plain <img> hidden by CSS is still fetched, and React would even
 * preload it ahead of the stylesheet. A <picture> whose one source is for wide screens is neither.
 */
function HeroArt() {
  return (
    <picture>
      <source media="(min-width: 768px)" srcSet="/hero.svg" />
      <img
        src={NOTHING}
        width={320}
        height={220}
        alt="A stack of gold chips beside a roulette wheel"
        decoding="async"
        className="mx-auto hidden h-auto w-full max-w-sm md:block"
      />
    </picture>
  );
}
