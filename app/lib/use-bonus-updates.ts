import { useEffect } from 'react';
import type { BonusUpdated } from '../../contract/bonuses.ts';

/**
 * Live bonus changes (wagering progress, conversion, expiry): the realtime listener hands each `BonusUpdated` to
 * `receiveBonus`; the bonus screens follow them with `useBonusUpdates`. Announced as a window event.
 */
const BONUS_UPDATED_EVENT = 'croupier:bonus-updated';

export function receiveBonus(event: BonusUpdated): void {
  window.dispatchEvent(new CustomEvent<BonusUpdated>(BONUS_UPDATED_EVENT, { detail: event }));
}

/** Calls `onUpdate` with each bonus change while the component is shown. */
export function useBonusUpdates(onUpdate: (event: BonusUpdated) => void): void {
  useEffect(() => {
    const listener = (event: Event) => onUpdate((event as CustomEvent<BonusUpdated>).detail);
    window.addEventListener(BONUS_UPDATED_EVENT, listener);
    return () => window.removeEventListener(BONUS_UPDATED_EVENT, listener);
  }, [onUpdate]);
}
