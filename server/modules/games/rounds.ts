// Real-money rounds (docs/decisions/0041-games-api.md). A round is computed from the player's seed pair outside any
// transaction; then one transaction claims the nonce, writes the round and debits the stake (`round:{id}:bet`), so
// a refused stake leaves no round and consumes no nonce, and a retry of the key finds its round already written.
// An instant round (decided at once: slots, roulette, dice, plinko) credits its win in that same transaction as a
// second journal (`round:{id}:win`) and is written settled: one commit, and a failure anywhere keeps nothing of it
// (decision 0091). Where no bonus has anything to record, that transaction is one statement, the database
// function game_round_instant(), with the stake's loyalty carry in it too: no BEGIN, no COMMIT (decision 0094).
// A hand or board played in moves (blackjack, mines) is paid by a later transfer that marks it
// settled; a decided one left open between the two is paid by recovery; a hand left waiting stays the player's
// (interrupted-rounds.ts). The round's transfers are quiet: the balance they leave is answered and announced once
// (BalanceUpdated), not once per transfer (docs/decisions/0045-one-balance-per-round.md).

import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { GameKind, GameRound, PlayedRound, RoundRequest, RoundsPage, RoundStatus } from '../../../contract/games.ts';
import { fairFloatStream } from '../../../games/fairness.ts';
import type { Database } from '../../db/client.ts';
import { preparedStatement, runNamed } from '../../db/prepared.ts';
import { invalid, Problem } from '../../problem.ts';
import type { RoundFunding, StakeFunding } from '../bonuses/funding.ts';
import type { CatalogService, PlayableGame } from '../catalog/service.ts';
import {
  IdempotencyConflict,
  InsufficientFunds,
  type LedgerService,
  type LedgerTransaction,
  type TransferOutcome,
  type TransferRequest,
  type TransferResult,
} from '../ledger/service.ts';
import { MOVE_ENGINES, MOVES_ONLY, prepareMove, type MoveState, type PreparedRound } from './engines.ts';
import type { FairnessService } from './fairness.ts';
import { createPlayerQueue } from './player-queue.ts';
import { requestHash, toGameRound } from './round-view.ts';
import { RoundMoved, type RoundRow, type RoundSettlement } from './round-settlement.ts';
import { gameRounds } from './schema.ts';
import { isNullColumn, isUniqueViolation } from '../shared/db-results.ts';
import { idempotencyConflict, keyedUuid, replayOf } from '../shared/idempotency.ts';
import { pageMeta, pageOffset } from '../shared/pagination.ts';

/** The seed pair moved on between reading it and claiming its nonce; the round is computed again. */
class SeedMoved extends Error {}

const SEED_ATTEMPTS = 10;

const roundMoved = () => new Problem(409, 'The round changed while this move was made; reload it and try again.', { type: 'round_moved' });
const closed = (status: string) =>
  new Problem(409, status === 'refunded' ? 'This round was refunded; start a new one.' : 'This round is over; start a new one.', { type: 'round_closed' });

/** A UUID fixed by the player and their Idempotency-Key, so the round's ledger keys exist before the round does. */
export function roundIdFor(playerId: number, idempotencyKey: string): string {
  return keyedUuid('round', String(playerId), idempotencyKey);
}

/**
 * Told of every real-money stake inside the transaction that takes it (the clubs' points, decision 0065): `stake`
 * is the part that earns (a blackjack double or split is a stake of its own), and `key` is unique to this stake,
 * so a retry earns nothing twice. Throwing rolls the stake back.
 */
export type StakeHook = (tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }) => Promise<void>;

/**
 * The clubs' points for an instant round played as one statement (docs/decisions/0094-one-statement-rounds.md): the
 * statement adds the earning stake to the player's carry of its category (`slots`: the slots' carry, else the table
 * games'), and `convert` is then given the carry it left, to turn whole points of it into points under the stake's key.
 */
export type StakeCarry = {
  slots: (engine: string) => boolean;
  /** Does not throw: the round is played and paid whatever happens here (a failure leaves the points in the carry). */
  convert: (stake: Parameters<StakeHook>[1], carry: number) => Promise<void>;
};

/** An instant round's one statement: the nonce claim, the round row, the bet, the win and the points' carry. */
const ROUND_STATEMENT = `select * from game_round_instant($1::jsonb,
  $2, $3, $4, $5, $6::jsonb, $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[],
  $11, $12, $13, $14, $15::jsonb, $16::bigint[], $17::bigint[], $18::bigint[], $19::bigint[],
  $20, $21, $22)`;
type RoundStatementRow = {
  bet_journal_id: number | string;
  bet_created_at: Date | string;
  bet_updated: TransferOutcome['updated'];
  bet_inserted: number | string;
  win_journal_id: number | string | null;
  win_created_at: Date | string | null;
  win_updated: TransferOutcome['updated'];
  win_inserted: number | string | null;
  carry: number | null;
};
const NO_TRANSFER: unknown[] = Array(9).fill(null);
const ROUND_COLUMNS = Object.entries(getTableColumns(gameRounds)).map(([field, column]) => [field as keyof RoundRow, column.name] as const);

export type RoundsService = ReturnType<typeof createRoundsService>;

/** The limits' check in front of a real-money stake (limits module, guardStake): throws to refuse it. */
export type StakeGuard = (playerId: number, stake: { stake: number; engine: string; field: string }) => Promise<void>;

export function createRoundsService({
  db,
  ledger,
  catalog,
  fairness,
  settlement,
  currency,
  announceBalance,
  funding,
  guardStake,
  onStake,
  carry,
}: {
  db: Database;
  ledger: LedgerService;
  catalog: Pick<CatalogService, 'playableGame' | 'gamesByIds'>;
  /** Responsible-gambling limits, asked before any stake moves money (a replay is not asked again). */
  guardStake?: StakeGuard;
  fairness: FairnessService;
  settlement: RoundSettlement;
  currency: string;
  /**
   * Announces the player's balance after a round moved money (BalanceUpdated) and returns it: once per round.
   * `known` is the balance the round's transfers left (null when not known); it is returned unless something after
   * the round moved it again (a bonus converted), in which case the balance is read. Without it a move's transfers
   * announce themselves through the ledger, as any other transfer does; an instant round's run inside the round's
   * own transaction and announce nothing.
   */
  announceBalance?: (playerId: number, known: number | null) => Promise<number>;
  /** Who pays a stake (cash first, then bonus) while a bonus is active (bonuses module); cash only without it. */
  funding?: Pick<RoundFunding, 'fundStake'>;
  onStake?: StakeHook;
  /** With onStake: what lets an instant round earn its points within its one statement; without it rounds go the long way. */
  carry?: StakeCarry;
}) {
  const queue = createPlayerQueue();
  // Every round's one statement for its nonce and its row, built once and planned once per connection: the claim
  // (fairness.nonceClaim, for exactly the pair the round was computed from) feeds the row's nonce, null when the
  // pair moved on. Every column is a placeholder named as the row's field.
  const claimed = db
    .$with('claimed', { nonce: sql<number>`nonce` })
    .as(fairness.nonceClaim({ id: sql.placeholder('seedId'), nextNonce: sql.placeholder('nonce'), clientSeed: sql.placeholder('clientSeed') }));
  const insertRound = preparedStatement(
    db,
    'round_insert_v1',
    db
      .with(claimed)
      .insert(gameRounds)
      .values({
        ...(Object.fromEntries(Object.keys(getTableColumns(gameRounds)).map((key) => [key, sql.placeholder(key)])) as PgInsertValue<typeof gameRounds>),
        nonce: sql`(select ${sql.identifier('nonce')} from ${claimed})`,
      })
      .getSQL(),
  );
  const { accountsOf, settle, writeMove } = settlement;

  /** The stake's entries and what its transaction records for the bonuses; refused (400 bonus) before money moves. */
  async function stakeFunding(
    playerId: number,
    game: PlayableGame,
    stake: number,
    options?: { freeSpin?: boolean; roundStake?: number },
  ): Promise<StakeFunding> {
    if (funding) return funding.fundStake(playerId, game, stake, options);
    // Without the bonuses module there is no bonus money: cash pays, cash wins.
    const accounts = await accountsOf(playerId);
    const entries = [
      { accountId: accounts.cash, amount: -stake },
      { accountId: accounts.game, amount: stake },
    ];
    const win = (amount: number) => ({
      entries: [
        { accountId: accounts.game, amount: -amount },
        { accountId: accounts.cash, amount },
      ],
    });
    return { entries, win, accounts: { cash: accounts.cash, bonus: -1 }, before: { bonus: 0 } };
  }

  /** The wallet balance (cash + bonus) after the round, from its own transfers' results; null when one is not known. */
  function balanceFromTransfers(paid: StakeFunding, results: TransferResult[]): number | null {
    const after = new Map<number, number>();
    for (const result of results) for (const { accountId, balance } of result.balances ?? []) after.set(accountId, balance);
    const cash = after.get(paid.accounts.cash) ?? paid.before.cash;
    const bonus = after.get(paid.accounts.bonus) ?? paid.before.bonus;
    return cash === undefined || bonus === undefined ? null : cash + bonus;
  }

  /**
   * An instant round as one autocommitted statement (docs/decisions/0094-one-statement-rounds.md): the nonce claim,
   * the row, the bet, the win and the points' carry, each as the long way writes it, with no BEGIN and no COMMIT.
   * Only for a stake and win with nothing for the bonuses to record (no active bonus); the transfers' results, as
   * the long way's. Throws what the long way throws: a unique violation for a used round id, a NOT NULL violation
   * on `nonce` for a pair that moved on, InsufficientFunds for a refused bet.
   */
  async function playInOneStatement(
    row: RoundRow,
    stakes: { bet: TransferRequest; win: TransferRequest | null; earns: { slots: boolean; stake: number } | null },
  ): Promise<{ results: TransferResult[]; carry: number | null }> {
    const bet = ledger.transferStep(stakes.bet);
    const win = stakes.win ? ledger.transferStep(stakes.win) : null;
    const json = JSON.stringify(Object.fromEntries(ROUND_COLUMNS.map(([field, name]) => [name, row[field]])));
    const values = [json, ...bet.values, ...(win?.values ?? NO_TRANSFER), stakes.earns?.slots ?? null, stakes.earns?.stake ?? null, row.createdAt];
    let out: RoundStatementRow;
    try {
      [out] = (await runNamed(db, 'game_round_instant_v1', ROUND_STATEMENT, values)) as [RoundStatementRow];
    } catch (error) {
      if (isNullColumn(error, 'nonce')) throw new SeedMoved();
      throw bet.refusal(error);
    }
    const results = [bet.result({ journal_id: out.bet_journal_id, created_at: out.bet_created_at, updated: out.bet_updated, inserted: out.bet_inserted })];
    if (win)
      results.push(win.result({ journal_id: out.win_journal_id, created_at: out.win_created_at, updated: out.win_updated, inserted: out.win_inserted ?? 0 }));
    if (results.some((result) => result === null)) throw new Error(`round ${row.id}: a transfer of its statement was not made`);
    return { results: results as TransferResult[], carry: out.carry === null ? null : Number(out.carry) };
  }

  /** The part of a stake paid from cash: only that part earns loyalty points (bonus money and free spins do not; decision 0065). */
  async function cashStake(playerId: number, paid: StakeFunding): Promise<number> {
    const { cash } = await accountsOf(playerId);
    return paid.entries.filter((entry) => entry.accountId === cash && entry.amount < 0).reduce((sum, entry) => sum - entry.amount, 0);
  }

  /** What the player can play with now, as the wallet shows it: cash plus bonus. */
  async function balanceOf(playerId: number): Promise<number> {
    const accounts = await ledger.balances(playerId);
    return accounts.filter((a) => a.currency === currency && (a.kind === 'cash' || a.kind === 'bonus')).reduce((sum, a) => sum + a.balance, 0);
  }

  async function rowOf(roundId: string): Promise<RoundRow | undefined> {
    const [row] = await db.select().from(gameRounds).where(eq(gameRounds.id, roundId));
    return row;
  }

  async function view(row: RoundRow, game?: Pick<PlayableGame, 'slug'>, serverSeed: string | null = null): Promise<GameRound> {
    const slug = game?.slug ?? (await catalog.gamesByIds([row.gameId]))[0]?.slug ?? String(row.gameId);
    return toGameRound({
      id: row.id,
      game: { slug, engine: row.engine as GameKind, engineConfig: row.engineConfig },
      mode: 'real',
      status: row.status as RoundStatus,
      currency: row.currency,
      stake: row.stake,
      win: row.win,
      request: row.request as RoundRequest,
      outcome: row.outcome ?? null,
      state: (row.state as MoveState | null) ?? null,
      moves: row.moves,
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      serverSeed,
      createdAt: row.createdAt,
      settledAt: row.settledAt,
    });
  }

  const quiet = announceBalance !== undefined;

  /**
   * The round as answered, with the balance after it, announced once when this request moved money: `known` is
   * that balance from the round's own transfers, else it is read.
   */
  async function played(row: RoundRow, game: Pick<PlayableGame, 'slug'> | undefined, moved: boolean, known: number | null = null): Promise<PlayedRound> {
    const balance = moved && announceBalance ? announceBalance(row.playerId, known) : known !== null ? Promise.resolve(known) : balanceOf(row.playerId);
    const [round, after] = await Promise.all([view(row, game), balance]);
    return { ...round, balance: after };
  }

  /** Money moved but the round failed before its answer: the player still hears their balance. */
  function announceAfterFailure(playerId: number): void {
    void announceBalance?.(playerId, null).catch(() => undefined);
  }

  function refusal(error: unknown, field: string, what: string): never {
    if (error instanceof InsufficientFunds) throw invalid({ [field]: [`Your balance is too low ${what}.`] });
    if (error instanceof IdempotencyConflict) throw idempotencyConflict();
    throw error;
  }

  return {
    /** Plays a round for real money under the player's Idempotency-Key; a replay answers the round already played. */
    async play(playerId: number, game: PlayableGame, prepared: PreparedRound, idempotencyKey: string, options?: { freeSpin?: boolean }): Promise<PlayedRound> {
      const roundId = roundIdFor(playerId, idempotencyKey);
      const hash = requestHash(game.slug, prepared.request);
      const replay = async () => {
        return played(replayOf(await rowOf(roundId), hash), game, false);
      };
      return queue.run(playerId, async () => {
        // A retry is found by the stake's key (the ledger replays it), not by a read in front of every round; only
        // a refusal looks for the round first, so a retry answers the round played whatever the limits say now.
        let paid: StakeFunding;
        let earning: number;
        try {
          await guardStake?.(playerId, { stake: prepared.stake, engine: game.engine, field: prepared.stakeField });
          paid = await stakeFunding(playerId, game, prepared.stake, options);
          // Read before the stake's transaction: the account lookup must not wait on the connection the transaction holds.
          earning = await cashStake(playerId, paid);
        } catch (error) {
          if (await rowOf(roundId)) return replay();
          throw error;
        }
        for (let attempt = 1; ; attempt++) {
          const pair = await fairness.forNextRound(playerId);
          const outcome = await prepared.play(fairFloatStream(pair.serverSeed, pair.clientSeed, pair.nextNonce));
          const now = new Date();
          // An instant round is decided here: its row, stake and win go in one transaction (issue 17 §10).
          const settledNow = outcome.finished;
          const row: RoundRow = {
            id: roundId,
            playerId,
            gameId: game.id,
            engine: game.engine,
            engineConfig: game.engineConfig,
            status: settledNow ? 'settled' : 'open',
            currency,
            stake: prepared.stake,
            win: outcome.finished ? outcome.win : 0,
            idempotencyKey,
            requestHash: hash,
            request: prepared.request,
            outcome: outcome.outcome,
            state: outcome.state,
            moves: [],
            seedId: pair.id,
            serverSeedHash: pair.serverSeedHash,
            clientSeed: pair.clientSeed,
            nonce: pair.nextNonce,
            createdAt: now,
            updatedAt: now,
            settledAt: settledNow ? now : null,
          };
          const results: TransferResult[] = [];
          const won = outcome.finished && outcome.win > 0 ? paid.win(outcome.win) : null;
          const betRequest: TransferRequest = { idempotencyKey: `round:${roundId}:bet`, type: 'bet', referenceId: roundId, entries: paid.entries };
          const winRequest: TransferRequest | null = won && { idempotencyKey: `round:${roundId}:win`, type: 'win', referenceId: roundId, entries: won.entries };
          const stakeKey = { playerId, roundId, engine: game.engine, stake: earning, key: `round:${roundId}` };
          // Nothing for the bonuses to record, and the points can be carried by the statement: one round trip.
          const oneStatement = !paid.record && !won?.record && (!onStake || carry);
          let carried: number | null = null;
          try {
            if (oneStatement) {
              const earns = carry && earning > 0 ? { slots: carry.slots(game.engine), stake: earning } : null;
              const made = await playInOneStatement(row, { bet: betRequest, win: winRequest, earns });
              results.push(...made.results);
              carried = made.carry;
            } else {
              await db.transaction(async (tx) => {
                // The round's own rows before the money: the bet locks the house's game account, which every round
                // waits on until this commit, so the fewer statements after it the better (issue 17 §10). The points
                // stay after the transfers, in the order every other path locks a player's accounts and points.
                // One statement claims the nonce and writes the round: a pair that moved on leaves the nonce null.
                // A retry of this key stops here: the round's id is taken (a unique violation, answered below).
                try {
                  await insertRound(row, tx);
                } catch (error) {
                  if (isNullColumn(error, 'nonce')) throw new SeedMoved();
                  throw error;
                }
                const bet = await ledger.transfer(betRequest, { in: tx, quiet: true });
                // The round's id was free, so its bet's key must be too; a journal under it would be a broken ledger.
                if (bet.replayed) throw new Error(`round ${roundId}: its bet key was used without its round`);
                results.push(bet);
                await paid.record?.(tx, `round:${roundId}:bet`, roundId);
                if (won) {
                  // The win is its own journal under the round's win key, committed with the stake: one commit.
                  results.push(await ledger.transfer(winRequest!, { in: tx, quiet: true }));
                  await won.record?.(tx);
                }
                await onStake?.(tx, stakeKey);
              });
            }
            fairness.advanced(playerId, pair);
          } catch (error) {
            if (error instanceof SeedMoved) {
              fairness.forget(playerId);
              if (attempt < SEED_ATTEMPTS) continue;
              throw new Problem(409, 'Your seeds changed while the round started; try again.', { type: 'seed_moved' });
            }
            // The key was used: its round answers (replayOf refuses another body under the same key). The key was
            // used with other entries: a retry whose stake is now split otherwise (a bonus moved in between).
            if ((isUniqueViolation(error) || error instanceof IdempotencyConflict) && (await rowOf(roundId))) return replay();
            refusal(error, prepared.stakeField, 'for this stake');
          }
          // The carry's whole points, when the statement's carry reached one, under the round's key.
          if (carry && carried !== null) await carry.convert(stakeKey, carried);
          return played(row, game, true, balanceFromTransfers(paid, results));
        }
      });
    },

    /** A move on the player's open blackjack hand or mines board; the extra stake of a double or split is debited first. */
    async act(playerId: number, game: PlayableGame, roundId: string, action: string, idempotencyKey: string): Promise<PlayedRound> {
      return queue.run(playerId, async () => {
        const row = await rowOf(roundId);
        if (!row || row.playerId !== playerId || row.gameId !== game.id) throw new Problem(404, 'No round with that id.');
        const earlier = row.moves.find((move) => move.key === idempotencyKey);
        if (earlier) {
          if (earlier.action !== action) throw idempotencyConflict();
          return played(row, game, false);
        }
        if (!MOVE_ENGINES.includes(row.engine) || !row.state) throw new Problem(409, MOVES_ONLY, { type: 'round_closed' });
        if (row.status !== 'open') throw closed(row.status);
        const { extra, next } = prepareMove(row.state as MoveState, action);
        const movesBefore = row.moves.length;
        const finished = next.phase === 'finished';
        const win = finished ? next.settlement!.win : 0;
        // The win is stored with the final state, so a crash before the credit leaves a round recovery can pay;
        // a hand that ends with nothing to pay is settled by the move itself.
        const change: Partial<RoundRow> = {
          state: next as unknown as Record<string, unknown>,
          moves: [...row.moves, { action, key: idempotencyKey }],
          stake: row.stake + extra,
          win,
          ...(finished && win === 0 ? { status: 'settled' } : {}),
        };
        if (extra > 0) await guardStake?.(playerId, { stake: extra, engine: row.engine, field: 'action' });
        try {
          if (extra > 0) {
            const paid = await stakeFunding(playerId, game, extra, { roundStake: row.stake + extra });
            const earning = await cashStake(playerId, paid);
            const journalKey = `round:${roundId}:move:${movesBefore}`;
            const debit = await ledger.transfer(
              {
                idempotencyKey: journalKey,
                type: 'bet',
                referenceId: roundId,
                entries: paid.entries,
              },
              {
                quiet,
                within: async (tx) => {
                  await writeMove(tx, roundId, movesBefore, change);
                  await paid.record?.(tx, journalKey, roundId);
                  await onStake?.(tx, { playerId, roundId, engine: row.engine, stake: earning, key: journalKey });
                },
              },
            );
            // Another request made this move first with another key: ours did not happen.
            if (debit.replayed) throw new RoundMoved();
          } else {
            await writeMove(db, roundId, movesBefore, change);
          }
        } catch (error) {
          if (error instanceof RoundMoved) throw roundMoved();
          refusal(error, 'action', `to ${action}`);
        }
        const moved = extra > 0 || (finished && win > 0);
        if (finished && win > 0) {
          try {
            await settle(row, win, quiet);
          } catch (error) {
            announceAfterFailure(playerId);
            throw error;
          }
        }
        return played((await rowOf(roundId))!, game, moved);
      });
    },

    /** The player's rounds, newest first, each with its server seed once revealed. */
    async history(playerId: number, query: { page: number; perPage: number; game?: string; status?: RoundStatus }): Promise<RoundsPage> {
      const conditions: SQL[] = [eq(gameRounds.playerId, playerId)];
      if (query.status) conditions.push(eq(gameRounds.status, query.status));
      if (query.game) {
        const game = await catalog.playableGame(query.game);
        if (!game) return { data: [], meta: pageMeta(query, 0) };
        conditions.push(eq(gameRounds.gameId, game.id));
      }
      const where = and(...conditions);
      const [counted] = await db.select({ total: sql<number | string>`count(*)` }).from(gameRounds).where(where);
      const total = Number(counted?.total ?? 0);
      const rows = await db
        .select()
        .from(gameRounds)
        .where(where)
        .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
        .limit(query.perPage)
        .offset(pageOffset(query));
      const [games, revealed] = await Promise.all([catalog.gamesByIds(rows.map((row) => row.gameId)), fairness.revealedSeeds(rows.map((row) => row.seedId))]);
      const slugs = new Map(games.map((game) => [game.id, game]));
      return {
        data: await Promise.all(rows.map((row) => view(row, slugs.get(row.gameId), revealed.get(row.seedId) ?? null))),
        meta: pageMeta(query, total),
      };
    },

    /** One of the player's rounds with its server seed once revealed; null when the player has no such round. */
    async round(playerId: number, roundId: string): Promise<GameRound | null> {
      const row = await rowOf(roundId);
      if (!row || row.playerId !== playerId) return null;
      const revealed = await fairness.revealedSeeds([row.seedId]);
      return view(row, undefined, revealed.get(row.seedId) ?? null);
    },
  };
}
