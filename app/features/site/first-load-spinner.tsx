import { LogoMark } from '../../components/logo.tsx';
import { INITIAL_SPINNER_MS } from '../../lib/constants.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The first-load spinner (SPEC.md §2, about 3 s). It is a small badge that covers nothing, drawn and
 * timed by CSS alone, so it never hides server-rendered content, never becomes the largest paint, and
 * needs no JavaScript. Bots are not sent it at all.
 */
export function FirstLoadSpinner({ siteName }: { siteName: string }) {
  return (
    <div
      role="status"
      aria-label={t('spinner.label', { site: siteName })}
      data-first-load-spinner
      className="first-load-spinner pointer-events-none fixed bottom-4 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full border border-night-600 bg-night-850/95 px-3 py-1.5 shadow-glow"
      style={{ animationDelay: `${INITIAL_SPINNER_MS}ms` }}
    >
      <span className="relative inline-flex h-6 w-6 items-center justify-center">
        <span className="absolute inset-0 animate-spin rounded-full border-2 border-gold-400 border-t-transparent" />
        <LogoMark className="h-4 w-4" />
      </span>
      <span className="text-xs font-medium text-mist-300">{siteName}</span>
    </div>
  );
}
