import { skipToken, useQuery } from '@tanstack/react-query';
import type { ChainDeposit } from '../../contract/chain.rules.ts';
import { queryKeys, readQuery, writeQuery } from './queries.ts';

/**
 * The on-chain deposits that changed in this tab, by id: `ChainDepositUpdated` from the realtime listener (seen, n of
 * N confirmations, credited, dropped), kept in the query cache so the cashier follows without asking again.
 */
type ById = ReadonlyMap<string, ChainDeposit>;
const none: ById = new Map();

export function receiveChainDeposit(deposit: ChainDeposit): void {
  writeQuery<ById>(queryKeys.chainDeposits, new Map(readQuery<ById>(queryKeys.chainDeposits) ?? none).set(deposit.id, deposit));
}

/** The latest state of each on-chain deposit heard of live in this tab. */
export function useLiveChainDeposits(): ById {
  // A Map is not plain data: structural sharing would not see into it, and a new Map is a change anyway.
  const { data } = useQuery<ById>({ queryKey: queryKeys.chainDeposits, queryFn: skipToken, structuralSharing: false });
  return data ?? none;
}
