import type { Database } from '../../db/client.ts';
import { MAX_IDEMPOTENCY_KEY_LENGTH, requestHashOf } from '../shared/idempotency.ts';

// The ledger's vocabulary: account kinds, journal types, a transfer request and its checks, and the errors a
// transfer throws (DESIGN.md "Money is a double-entry ledger"; docs/decisions/0020-ledger.md).

export const PLAYER_ACCOUNT_KINDS = ['cash', 'bonus', 'withdrawal_hold'] as const;
/**
 * `adjustments`: the house side of operators' manual corrections (four-eyes), apart from payments' clearing.
 * `provider`: the house side of stakes and wins on aggregators' games (docs/decisions/0096), apart from our own games.
 * `receivables`: what players owe after a chargeback took back more than their balance (docs/decisions/0104).
 * `affiliate_commission`, `affiliate_payable`: affiliates' commission as the house's cost, and what is owed to
 * affiliates until paid out (docs/decisions/0107).
 */
export const HOUSE_ACCOUNT_KINDS = [
  'payment_clearing',
  'game',
  'bonus_cost',
  'loyalty',
  'adjustments',
  'provider',
  'receivables',
  'affiliate_commission',
  'affiliate_payable',
] as const;
/**
 * The house's game account is this many accounts per currency (decision 0091): a player's bets and wins go to the
 * shard `playerId % HOUSE_GAME_SHARDS`, so concurrent rounds of different players lock different rows. Only ever
 * raised: a lowered count would leave money on shards nobody plays on (their balances still sum into the house's).
 */
export const HOUSE_GAME_SHARDS = 16;
/** The game account shard a player's rounds use. */
export const gameShardOf = (playerId: number): number => playerId % HOUSE_GAME_SHARDS;
/**
 * The house accounts kept in HOUSE_GAME_SHARDS shards, each player's money on shard `gameShardOf(playerId)`: the game
 * account (our rounds) and the provider account (aggregators' bets and wins, decision 0096), the two every stake
 * and win touches. Every other house account is one row.
 */
export const SHARDED_HOUSE_KINDS = ['game', 'provider'] as const;
export type ShardedHouseKind = (typeof SHARDED_HOUSE_KINDS)[number];
export const JOURNAL_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'bonus',
  'adjustment',
  'withdrawal_hold',
  'withdrawal_release',
  'refund',
  'chargeback',
  'debt_repayment',
  'affiliate_commission',
  'affiliate_payout',
] as const;

export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type JournalType = (typeof JOURNAL_TYPES)[number];

export type LedgerAccount = {
  id: number;
  ownerType: 'player' | 'house';
  playerId: number | null;
  kind: PlayerAccountKind | HouseAccountKind;
  currency: string;
  balance: number;
};

export type TransferEntry = { accountId: number; amount: number };

export type TransferRequest = {
  idempotencyKey: string;
  type: JournalType;
  referenceId?: string | null;
  metadata?: Record<string, unknown>;
  entries: TransferEntry[];
};

export type Journal = {
  id: number;
  type: JournalType;
  idempotencyKey: string;
  referenceId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  entries: TransferEntry[];
};

/**
 * A transfer's result; `replayed` is true when the key was already used with the same body and nothing moved now.
 * `balances`: each account the transfer moved and its balance right after it (not on a replay).
 */
export type TransferResult = Journal & { replayed: boolean; balances?: { accountId: number; balance: number }[] };

/** The request is malformed (amounts, entries, currencies, accounts): a 400 later. */
export class LedgerValidationError extends Error {
  override name = 'LedgerValidationError';
}

/** A player account would go below zero; nothing moved. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
  readonly accountId: number;
  constructor(accountId: number) {
    super(`Insufficient funds in ledger account ${accountId}`);
    this.accountId = accountId;
  }
}

/** The idempotency key was used before with a different request: a 409/422 later. */
export class IdempotencyConflict extends Error {
  override name = 'IdempotencyConflict';
  readonly idempotencyKey: string;
  constructor(idempotencyKey: string) {
    super(`Idempotency key ${JSON.stringify(idempotencyKey)} was already used with a different request`);
    this.idempotencyKey = idempotencyKey;
  }
}

const MAX_KEY_LENGTH = MAX_IDEMPOTENCY_KEY_LENGTH;

/** Stable hash of what a transfer does: type, reference and entries in the order given. Metadata is informational and not part of it. */
export function requestHash(request: Pick<TransferRequest, 'type' | 'referenceId' | 'entries'>): string {
  return requestHashOf([request.type, request.referenceId ?? null, request.entries.map((e) => [e.accountId, e.amount])]);
}

export function validate(request: TransferRequest): void {
  const { idempotencyKey, type, entries } = request;
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0 || idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new LedgerValidationError(`idempotencyKey must be a string of 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (!(JOURNAL_TYPES as readonly string[]).includes(type)) throw new LedgerValidationError(`Unknown journal type ${JSON.stringify(type)}`);
  if (!Array.isArray(entries) || entries.length < 2) throw new LedgerValidationError('A transfer needs at least two entries');
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.accountId) || entry.accountId <= 0) throw new LedgerValidationError(`Invalid account id ${String(entry.accountId)}`);
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new LedgerValidationError(`Amounts must be non-zero integers of minor units within ±${Number.MAX_SAFE_INTEGER}, got ${String(entry.amount)}`);
    }
    sum += entry.amount;
    // Partial sums of safe integers stay exact while they stay safe.
    if (!Number.isSafeInteger(sum)) throw new LedgerValidationError('Entry amounts overflow');
  }
  if (sum !== 0) throw new LedgerValidationError(`Entries must sum to zero, they sum to ${sum}`);
}

/** The transaction a transfer runs in, handed to `within` so a caller's own rows commit or roll back with the money. */
export type LedgerTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
