import { useSyncExternalStore } from 'react';
import type { ChainDeposit } from '../../contract/chain.rules.ts';

/**
 * The on-chain deposits that changed in this tab, by id: `ChainDepositUpdated` from the realtime listener (seen, n of
 * N confirmations, credited, dropped), announced as a window event so the cashier follows without asking again.
 */
const CHAIN_DEPOSITS_EVENT = 'croupier:chain-deposit-updated';
let latest: ReadonlyMap<string, ChainDeposit> = new Map();

export function receiveChainDeposit(deposit: ChainDeposit): void {
  latest = new Map(latest).set(deposit.id, deposit);
  window.dispatchEvent(new Event(CHAIN_DEPOSITS_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHAIN_DEPOSITS_EVENT, onChange);
  return () => window.removeEventListener(CHAIN_DEPOSITS_EVENT, onChange);
}

const none: ReadonlyMap<string, ChainDeposit> = new Map();

/** The latest state of each on-chain deposit heard of live in this tab. */
export function useLiveChainDeposits(): ReadonlyMap<string, ChainDeposit> {
  return useSyncExternalStore(
    subscribe,
    () => latest,
    () => none,
  );
}
