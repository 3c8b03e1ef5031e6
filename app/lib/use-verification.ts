import { useSyncExternalStore } from 'react';
import type { Verification } from '../../contract/verification.ts';

/**
 * The player's verification as it last changed: an upload on this page, or an operator's review pushed live
 * (`VerificationUpdated`, handed over by the realtime listener). Announced as a window event so the page follows.
 */
const VERIFICATION_UPDATED_EVENT = 'croupier:verification-updated';
let latest: Verification | null = null;

export function applyVerification(verification: Verification): void {
  latest = verification;
  window.dispatchEvent(new Event(VERIFICATION_UPDATED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(VERIFICATION_UPDATED_EVENT, onChange);
  return () => window.removeEventListener(VERIFICATION_UPDATED_EVENT, onChange);
}

/** The latest verification seen in this tab, or null before any. */
export function useLatestVerification(): Verification | null {
  return useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
}
