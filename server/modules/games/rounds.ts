// Real-money rounds (docs/decisions/0041-games-api.md). A round is a pipeline of named steps
// (docs/decisions/0125-one-round-pipeline.md): guard (the limits), fund (who pays the stake: round-funding.ts),
// compute (the outcome from the player's seed pair, outside any transaction: round-compute.ts), commit (the nonce
// claim, the row, the bet, an instant round's win and the stake's points, all or nothing: round-commit.ts) and
// after-effects (the carry's whole points, the balance announced once). A refused stake leaves no round and
// consumes no nonce, and a retry of the key finds its round already written. An instant round (slots, roulette,
// dice, plinko) is written settled with its win (decision 0091). A hand or board played in moves (blackjack,
// mines) is paid by a later transfer that marks it settled; a decided one left open between the two is paid by
// recovery; a hand left waiting stays the player's (interrupted-rounds.ts). The round's transfers are quiet: the
// balance they leave is answered and announced once (BalanceUpdated), not once per transfer
// (docs/decisions/0045-one-balance-per-round.md).

import type { PlayedRound } from '../../../contract/games.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import type { RoundFunding, StakeFunding } from '../bonuses/funding.ts';
import type { CatalogService, PlayableGame } from '../catalog/service.ts';
import { IdempotencyConflict, InsufficientFunds, type LedgerService, type LedgerTransaction } from '../ledger/service.ts';
import { MOVE_ENGINES, MOVES_ONLY, type PreparedRound } from './engines.ts';
import type { FairnessService } from './fairness.ts';
import { createPlayerQueue } from './player-queue.ts';
import { type Committed, createRoundCommit, type EarningStake, type RoundPlan, SeedMoved } from './round-commit.ts';
import { type ComputedMove, computeMove, computeRound, planRound, type RoundInput } from './round-compute.ts';
import { balanceFromTransfers, createRoundFunding } from './round-funding.ts';
import { createRoundHistory } from './round-history.ts';
import { requestHash } from './round-view.ts';
import { RoundMoved, type RoundRow, type RoundSettlement } from './round-settlement.ts';
import { isUniqueViolation } from '../shared/db-results.ts';
import { idempotencyConflict, keyedUuid, replayOf } from '../shared/idempotency.ts';

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
export type StakeHook = (tx: LedgerTransaction, stake: EarningStake) => Promise<void>;

/**
 * The clubs' points for an instant round committed as one statement (round-commit.ts): the statement adds the
 * earning stake to the player's carry of its category with the clubs' clubs_add_carry() (`slots`: the slots' carry,
 * else the table games'), and `convert` is then given the carry it left, to turn whole points of it into points
 * under the stake's key.
 */
export type StakeCarry = {
  slots: (engine: string) => boolean;
  /** Does not throw: the round is played and paid whatever happens here (a failure leaves the points in the carry). */
  convert: (stake: Parameters<StakeHook>[1], carry: number) => Promise<void>;
};

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
  const commits = createRoundCommit({ db, ledger });
  const { settle, writeMove } = settlement;
  const { stakeFunding, cashStake } = createRoundFunding({ settlement, funding });

  /** What the player can play with now, as the wallet shows it: cash plus bonus. */
  async function balanceOf(playerId: number): Promise<number> {
    const accounts = await ledger.balances(playerId);
    return accounts.filter((a) => a.currency === currency && (a.kind === 'cash' || a.kind === 'bonus')).reduce((sum, a) => sum + a.balance, 0);
  }

  const { rowOf, view, history, round } = createRoundHistory({ db, catalog, fairness });

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

  /**
   * The guard and fund steps, before any money moves: the limits' check, then who pays the stake (refused as 400
   * bonus when it cannot be paid) and the part of it that earns points, read before the commit's transaction: an
   * account lookup must not wait on the connection the transaction holds.
   */
  async function guardAndFund(input: RoundInput, options?: { freeSpin?: boolean }): Promise<{ paid: StakeFunding; earning: number }> {
    const { playerId, game, prepared } = input;
    await guardStake?.(playerId, { stake: prepared.stake, engine: game.engine, field: prepared.stakeField });
    const paid = await stakeFunding(playerId, game, prepared.stake, options);
    return { paid, earning: await cashStake(playerId, paid) };
  }

  /**
   * The commit step: one statement when nothing is for the bonuses to record and the points can be carried by the
   * statement (one round trip), else the same steps in one transaction with the bonuses' records and the points' hook.
   */
  function commit(plan: RoundPlan): Promise<Committed> {
    if (!plan.recordBet && !plan.recordWin && (!onStake || carry)) {
      const earns = carry && plan.stake.stake > 0 ? { slots: carry.slots(plan.row.engine), stake: plan.stake.stake } : null;
      return commits.inOneStatement(plan, earns);
    }
    return commits.inTransaction(plan, onStake);
  }

  /**
   * Compute and commit, again from a fresh read of the seed pair when it moved on in between; the committed round's
   * plan, or null when the key's round was already written (a retry: it answers that round).
   */
  async function computeAndCommit(input: RoundInput, paid: StakeFunding, earning: number): Promise<{ plan: RoundPlan; made: Committed } | null> {
    for (let attempt = 1; ; attempt++) {
      const pair = await fairness.forNextRound(input.playerId);
      const { row, win } = await computeRound(input, pair);
      const plan = planRound(row, win, paid, earning);
      try {
        const made = await commit(plan);
        fairness.advanced(input.playerId, pair);
        return { plan, made };
      } catch (error) {
        if (error instanceof SeedMoved) {
          fairness.forget(input.playerId);
          if (attempt < SEED_ATTEMPTS) continue;
          throw new Problem(409, 'Your seeds changed while the round started; try again.', { type: 'seed_moved' });
        }
        // The key was used: its round answers (replayOf refuses another body under the same key). The key was
        // used with other entries: a retry whose stake is now split otherwise (a bonus moved in between).
        if ((isUniqueViolation(error) || error instanceof IdempotencyConflict) && (await rowOf(input.roundId))) return null;
        refusal(error, input.prepared.stakeField, 'for this stake');
      }
    }
  }

  /** The after-effects: the carry's whole points under the round's key (when the statement's carry reached one), the balance announced once. */
  async function afterEffects(input: RoundInput, paid: StakeFunding, { plan, made }: { plan: RoundPlan; made: Committed }): Promise<PlayedRound> {
    if (carry && made.carried !== null) await carry.convert(plan.stake, made.carried);
    return played(plan.row, input.game, true, balanceFromTransfers(paid, made.results));
  }

  /**
   * The commit step of a move: its extra stake (a double or split), funded and earning as a round's stake, with the
   * row's change in the stake's transaction; else the change alone. RoundMoved when another request moved first.
   */
  async function commitMove(game: PlayableGame, row: RoundRow, move: ComputedMove): Promise<void> {
    if (move.extra === 0) return writeMove(db, row.id, move.movesBefore, move.change);
    const paid = await stakeFunding(row.playerId, game, move.extra, { roundStake: row.stake + move.extra });
    const earning = await cashStake(row.playerId, paid);
    const key = `round:${row.id}:move:${move.movesBefore}`;
    const stake: EarningStake = { playerId: row.playerId, roundId: row.id, engine: row.engine, stake: earning, key };
    const bet = { idempotencyKey: key, type: 'bet' as const, referenceId: row.id, entries: paid.entries };
    const debit = await ledger.transfer(bet, {
      quiet,
      within: async (tx) => {
        await writeMove(tx, row.id, move.movesBefore, move.change);
        await paid.record?.(tx, key, row.id);
        await onStake?.(tx, stake);
      },
    });
    // Another request made this move first with another key: ours did not happen.
    if (debit.replayed) throw new RoundMoved();
  }

  return {
    /** Plays a round for real money under the player's Idempotency-Key; a replay answers the round already played. */
    async play(playerId: number, game: PlayableGame, prepared: PreparedRound, idempotencyKey: string, options?: { freeSpin?: boolean }): Promise<PlayedRound> {
      const roundId = roundIdFor(playerId, idempotencyKey);
      const hash = requestHash(game.slug, prepared.request);
      const input: RoundInput = { playerId, game, prepared, roundId, idempotencyKey, hash, currency };
      const replay = async () => played(replayOf(await rowOf(roundId), hash), game, false);
      return queue.run(playerId, async () => {
        // A retry is found by the stake's key (the ledger replays it), not by a read in front of every round; only
        // a refusal looks for the round first, so a retry answers the round played whatever the limits say now.
        let funded: { paid: StakeFunding; earning: number };
        try {
          funded = await guardAndFund(input, options);
        } catch (error) {
          if (await rowOf(roundId)) return replay();
          throw error;
        }
        const committed = await computeAndCommit(input, funded.paid, funded.earning);
        return committed ? afterEffects(input, funded.paid, committed) : replay();
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
        const move = computeMove(row, action, idempotencyKey);
        if (move.extra > 0) await guardStake?.(playerId, { stake: move.extra, engine: row.engine, field: 'action' });
        try {
          await commitMove(game, row, move);
        } catch (error) {
          if (error instanceof RoundMoved) throw roundMoved();
          refusal(error, 'action', `to ${action}`);
        }
        if (move.win > 0) {
          try {
            await settle(row, move.win, quiet);
          } catch (error) {
            announceAfterFailure(playerId);
            throw error;
          }
        }
        return played((await rowOf(roundId))!, game, move.extra > 0 || move.win > 0);
      });
    },

    history,
    round,
  };
}
