// The life of an on-chain deposit (docs/decisions/0109-crypto-rail.md) as one pure function, so its rules are tested
// apart from any node or database: seen → confirmed → credited, credited exactly once, only after N confirmations and
// only while its block is still the canonical one at its height; a reorg before crediting drops it (and a later
// inclusion of the same transfer brings it back), one after crediting flags it for operators.

export const CHAIN_DEPOSIT_STATUSES = ['seen', 'confirmed', 'credited', 'dropped'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

export type ChainDepositState = {
  status: ChainDepositStatus;
  blockNumber: number;
  blockHash: string;
  /** Blocks from its own to the head, counting both; 0 once dropped. */
  confirmations: number;
  /** It left the canonical chain after reaching N confirmations: operators must look at it. */
  reorged: boolean;
};

export type ChainObservation =
  /** The watcher read the transfer in a block (a repeat of a log it already had, or the same transfer mined again after a reorg). */
  | { kind: 'transfer'; blockNumber: number; blockHash: string }
  /**
   * The watcher compared it with the chain: `head` is the latest block, `canonicalHash` the hash of the block now at
   * its height (null when the chain is shorter), `required` the confirmations it needs, `canCredit` whether a quote
   * is at hand to credit it with.
   */
  | { kind: 'check'; head: number; canonicalHash: string | null; required: number; canCredit: boolean };

/** `credit`: move the money now (keyed by the transfer, so a repeat moves nothing); `flag`: tell operators it was reorged. */
export type ChainDepositAction = 'none' | 'credit' | 'flag';

export function firstSeen(blockNumber: number, blockHash: string): ChainDepositState {
  return { status: 'seen', blockNumber, blockHash, confirmations: 0, reorged: false };
}

export function nextChainDepositState(state: ChainDepositState, observation: ChainObservation): { state: ChainDepositState; action: ChainDepositAction } {
  const same = { state, action: 'none' as const };
  if (observation.kind === 'transfer') {
    // Credited money stays credited: the transfer mined again elsewhere changes nothing already paid.
    if (state.status === 'credited') return same;
    if (state.blockHash === observation.blockHash && state.blockNumber === observation.blockNumber && state.status !== 'dropped') return same;
    return { state: { ...state, status: 'seen', blockNumber: observation.blockNumber, blockHash: observation.blockHash, confirmations: 0 }, action: 'none' };
  }
  const { head, canonicalHash, required, canCredit } = observation;
  const canonical = canonicalHash !== null && canonicalHash === state.blockHash && head >= state.blockNumber;
  if (state.status === 'dropped') return same;
  if (state.status === 'credited') {
    if (canonical || state.reorged) return same;
    return { state: { ...state, reorged: true }, action: 'flag' };
  }
  if (!canonical) {
    // It had N confirmations but no rate yet: nothing was paid, but operators hear of a reorg that deep.
    const deep = state.status === 'confirmed';
    return { state: { ...state, status: 'dropped', confirmations: 0, reorged: state.reorged || deep }, action: deep && !state.reorged ? 'flag' : 'none' };
  }
  const confirmations = head - state.blockNumber + 1;
  if (confirmations < required) return { state: { ...state, status: 'seen', confirmations }, action: 'none' };
  if (!canCredit) return { state: { ...state, status: 'confirmed', confirmations }, action: 'none' };
  return { state: { ...state, status: 'credited', confirmations }, action: 'credit' };
}
