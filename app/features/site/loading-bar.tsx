import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { LOADING_BAR } from '../../lib/constants.ts';
import { t } from '../../lib/i18n.ts';

type Bar = { visible: boolean; progress: number };

/**
 * The top loading bar on navigation (SPEC.md §9): appears only if a navigation takes longer than the
 * throttle, creeps towards the end over the duration, completes, hides after the hide delay and resets
 * after the reset delay.
 */
export function LoadingBar() {
  const navigating = useNavigation().state !== 'idle';
  const [bar, setBar] = useState<Bar>({ visible: false, progress: 0 });
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const clear = () => {
      timers.current.forEach((id) => window.clearTimeout(id));
      timers.current = [];
    };
    const later = (ms: number, fn: () => void) => timers.current.push(window.setTimeout(fn, ms));
    clear();
    if (navigating) {
      later(LOADING_BAR.throttleMs, () => {
        setBar({ visible: true, progress: 10 });
        const step = LOADING_BAR.durationMs / 10;
        for (let i = 1; i <= 8; i++) later(step * i, () => setBar((b) => ({ ...b, progress: Math.min(90, 10 + i * 10) })));
      });
    } else {
      setBar((b) => (b.visible ? { visible: true, progress: 100 } : b));
      later(LOADING_BAR.hideDelayMs, () => setBar((b) => ({ ...b, visible: false })));
      later(LOADING_BAR.hideDelayMs + LOADING_BAR.resetDelayMs, () => setBar({ visible: false, progress: 0 }));
    }
    return clear;
  }, [navigating]);

  return (
    <div
      role="progressbar"
      aria-label={t('loading.label')}
      aria-hidden={!bar.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={bar.progress}
      data-loading-bar={bar.visible ? 'visible' : 'hidden'}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 origin-left bg-gold-400 transition-[transform,opacity] duration-200 ease-out"
      style={{ height: LOADING_BAR.heightPx, transform: `scaleX(${bar.progress / 100})`, opacity: bar.visible ? 1 : 0 }}
    />
  );
}
