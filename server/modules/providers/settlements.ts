import type { LedgerTransaction } from '../ledger/service.ts';
import { WinRefused } from './instant.ts';
import { journalMetadata, type MoneyHelpers, type Outcome, type Player, type WalletDependencies } from './money.ts';
import { fundingRoundOf, journalKeyOf, type NewTransaction, type TransactionRow } from './store.ts';

// What pays back an aggregator's bet (docs/decisions/0096-hub88-seamless-wallet.md): its wins, and its rollback,
// which gives the stake back as it was paid (cash to cash, bonus money to the bonus while it is active). Neither is
// ever refused for the player's standing or an expired token: money owed to a player is always paid. Each locks the
// bet it names, so a win and a rollback of one bet, or two rollbacks, follow one another.

export type WinRequest = {
  provider: string;
  transactionUuid: string;
  user: string;
  round: string | null;
  gameCode: string;
  currency: string;
  /** Minor units. */
  amount: number;
  /** The bet this win pays. */
  referenceUuid: string;
  roundClosed: boolean;
  requestHash: string;
};

export type RollbackRequest = Omit<WinRequest, 'amount' | 'currency'>;

class Taken extends Error {}
/** The bet changed between reading it and locking it: read it again. */
class Moved extends Error {}
class Refused extends Error {
  readonly outcome: 'does_not_exist' | 'rolled_back';
  constructor(outcome: 'does_not_exist' | 'rolled_back') {
    super(outcome);
    this.outcome = outcome;
  }
}

/** Why a win may not pay the bet it names, or null when it may. */
function winRefusal(bet: TransactionRow | undefined, playerId: number): 'does_not_exist' | 'rolled_back' | null {
  if (bet?.kind !== 'bet' || bet.playerId !== playerId) return 'does_not_exist';
  if (bet.state === 'rolled_back') return 'rolled_back';
  if (bet.state !== 'accepted') return 'does_not_exist';
  return null;
}

export function createSettlements(deps: WalletDependencies, money: MoneyHelpers) {
  const { db, ledger, currency, funding, loyalty, sessions, store } = deps;

  /** A win or rollback seen before: answered again when it is the same request, DUPLICATE otherwise. */
  async function replay(existing: TransactionRow, kind: 'win' | 'rollback', requestHash: string, user: string): Promise<Outcome> {
    if (existing.kind !== kind || existing.requestHash !== requestHash) return { outcome: 'duplicate', player: null, balance: null };
    return money.answer('ok', { id: existing.playerId, reference: user });
  }

  /**
   * Gives an accepted bet's stake back, split as it was paid, and leaves the bet in `final`'s state; `within` writes
   * the caller's own rows in the same transaction, `closeRound` closes the bet's round. False when the bet was no
   * longer accepted once locked (nothing moved; `within`'s rows are kept).
   */
  async function reverse(
    bet: TransactionRow,
    final: Partial<NewTransaction>,
    { within, closeRound = false }: { within?: (tx: LedgerTransaction) => Promise<void>; closeRound?: boolean } = {},
  ): Promise<boolean> {
    const back =
      bet.journalId === null ? null : await funding.fundWin({ id: fundingRoundOf(bet.provider, bet.transactionUuid), playerId: bet.playerId }, bet.amount);
    const entries = back ? await money.toProvider(bet.playerId, back.entries) : null;
    return db.transaction(async (tx) => {
      await within?.(tx);
      const locked = await store.lock(tx, bet.id);
      if (locked.state !== 'accepted') return false;
      if (locked.journalId !== bet.journalId) throw new Moved();
      const round = bet.round ?? bet.transactionUuid;
      await store.addToRound(tx, { ...ofRound(bet), round, stake: -(bet.free ? 0 : bet.amount), closed: closeRound });
      let reversalJournalId: number | null = null;
      if (back && entries) {
        const journal = await ledger.transfer(
          {
            idempotencyKey: journalKeyOf(bet.provider, bet.transactionUuid, 'reversal'),
            type: 'bet',
            referenceId: bet.gameName,
            metadata: { ...journalMetadata(bet), reversal: true },
            entries,
          },
          { in: tx, quiet: true },
        );
        await back.record?.(tx);
        reversalJournalId = journal.id;
        // What the stake earned goes with it: the bonus's wagering and the loyalty points (once: the bet is locked).
        const roundId = fundingRoundOf(bet.provider, bet.transactionUuid);
        await funding.stakeGivenBack(tx, { id: roundId, playerId: bet.playerId });
        if (bet.pointsStake > 0 && bet.pointsEngine)
          await loyalty.givePointsBack(tx, {
            playerId: bet.playerId,
            roundId,
            engine: bet.pointsEngine,
            stake: bet.pointsStake,
            key: journalKeyOf(bet.provider, bet.transactionUuid, 'bet'),
          });
      }
      await store.update(tx, bet.id, { ...final, reversalJournalId });
      return true;
    });
  }

  const ofRound = (row: Pick<TransactionRow, 'provider' | 'playerId' | 'gameCode' | 'currency'>) => ({
    provider: row.provider,
    playerId: row.playerId,
    gameCode: row.gameCode ?? '',
    currency: row.currency,
  });

  async function win(request: WinRequest): Promise<Outcome> {
    // The win and its bet in one read.
    const found = await store.findTwo(request.provider, [request.transactionUuid, request.referenceUuid]);
    const existing = found.get(request.transactionUuid);
    if (existing) return replay(existing, 'win', request.requestHash, request.user);
    const playerId = await sessions.playerOf(request.provider, request.user);
    if (playerId === null) return { outcome: 'unknown_user', player: null, balance: null };
    const player: Player = { id: playerId, reference: request.user };
    if (request.currency !== currency) return money.answer('wrong_currency', player);
    const bet = request.referenceUuid === request.transactionUuid ? undefined : found.get(request.referenceUuid);
    const refusal = winRefusal(bet, playerId);
    if (refusal || !bet) return money.answer(refusal ?? 'does_not_exist', player);
    // A stake the bet took all in cash (its row keeps the cash part) is paid back in cash, without asking the bonuses.
    const allCash = bet.pointsStake > 0 && bet.pointsStake === bet.amount ? { stake: { cash: bet.amount, bonus: 0 } } : undefined;
    const paid =
      request.amount > 0 ? await funding.fundWin({ id: fundingRoundOf(bet.provider, bet.transactionUuid), playerId }, request.amount, allCash) : null;
    const entries = paid ? await money.toProvider(playerId, paid.entries) : null;
    const row: NewTransaction = {
      provider: request.provider,
      transactionUuid: request.transactionUuid,
      kind: 'win',
      playerId,
      round: request.round,
      gameCode: request.gameCode,
      gameName: bet.gameName,
      currency: request.currency,
      amount: request.amount,
      referenceUuid: request.referenceUuid,
      state: 'accepted',
      response: 'ok',
      requestHash: request.requestHash,
    };
    const round = request.round ?? bet.round ?? bet.transactionUuid;
    const transfer =
      paid && entries
        ? {
            idempotencyKey: journalKeyOf(request.provider, request.transactionUuid, 'win'),
            type: 'win' as const,
            referenceId: bet.gameName,
            metadata: journalMetadata(request),
            entries,
          }
        : null;
    try {
      if (!paid?.record) {
        // Nothing for the bonuses to record: the row, the bet's check, the round and the money in one statement.
        const done = await deps.instant({
          row,
          round: { id: round, gameCode: request.gameCode, stake: 0, win: request.amount, closed: request.roundClosed },
          betId: bet.id,
          transfer,
          earns: null,
          at: new Date(),
        });
        if (!done) throw new Taken();
      } else
        await db.transaction(async (tx) => {
          // The uuid first: a repeat of a win already paid is answered as paid, whatever befell its bet since.
          const id = await store.insert(tx, row);
          if (id === null) throw new Taken();
          const locked = await store.lock(tx, bet.id);
          const refusedNow = winRefusal(locked, playerId);
          if (refusedNow) throw new Refused(refusedNow);
          await store.addToRound(tx, { ...ofRound(bet), round, gameCode: request.gameCode, win: request.amount, closed: request.roundClosed });
          if (!paid || !transfer) return;
          const journal = await ledger.transfer(transfer, { in: tx, quiet: true });
          await store.update(tx, id, { journalId: journal.id });
          await paid.record?.(tx);
        });
    } catch (error) {
      if (error instanceof Taken) return replay((await store.find(request.provider, request.transactionUuid))!, 'win', request.requestHash, request.user);
      if (error instanceof Refused || error instanceof WinRefused) return money.answer(error.outcome, player);
      throw error;
    }
    return { outcome: 'ok', player, balance: entries ? await money.moved(playerId) : await deps.balances.balanceOf(playerId) };
  }

  async function rollback(request: RollbackRequest): Promise<Outcome> {
    const existing = await store.find(request.provider, request.transactionUuid);
    if (existing) return replay(existing, 'rollback', request.requestHash, request.user);
    const playerId = await sessions.playerOf(request.provider, request.user);
    if (playerId === null) return { outcome: 'unknown_user', player: null, balance: null };
    const player: Player = { id: playerId, reference: request.user };
    const row: NewTransaction = {
      provider: request.provider,
      transactionUuid: request.transactionUuid,
      kind: 'rollback',
      playerId,
      round: request.round,
      gameCode: request.gameCode,
      currency,
      referenceUuid: request.referenceUuid,
      state: 'accepted',
      response: 'ok',
      requestHash: request.requestHash,
    };
    const claim = async (tx: LedgerTransaction) => {
      if ((await store.insert(tx, row)) === null) throw new Taken();
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      const bet = await store.find(request.provider, request.referenceUuid);
      if (bet && (bet.kind !== 'bet' || bet.playerId !== playerId)) return money.answer('does_not_exist', player);
      try {
        let moved = false;
        if (!bet) {
          // The bet never came (or not yet): its uuid is kept as rolled back, so the bet is refused if it comes later.
          await db.transaction(async (tx) => {
            await claim(tx);
            const placed = await store.insert(tx, {
              ...row,
              transactionUuid: request.referenceUuid,
              kind: 'bet',
              referenceUuid: null,
              state: 'rolled_back',
              response: null,
              requestHash: null,
            });
            if (placed === null) throw new Moved();
          });
        } else if (bet.state === 'accepted') {
          // Not accepted any more once locked: another rollback or a refusal gave the stake back; this one is recorded.
          moved = (await reverse(bet, { state: 'rolled_back' }, { within: claim, closeRound: request.roundClosed })) && bet.journalId !== null;
        } else {
          // Refused, or rolled back already by another rollback: nothing to give back, the rollback is recorded.
          await db.transaction(async (tx) => {
            await claim(tx);
            const locked = await store.lock(tx, bet.id);
            if (locked.state === 'accepted') throw new Moved();
          });
        }
        return { outcome: 'ok', player, balance: moved ? await money.moved(playerId) : await deps.balances.balanceOf(playerId) };
      } catch (error) {
        if (error instanceof Taken)
          return replay((await store.find(request.provider, request.transactionUuid))!, 'rollback', request.requestHash, request.user);
        if (error instanceof Moved) continue;
        throw error;
      }
    }
    throw new Error(`rollback ${request.transactionUuid}: the bet it names kept changing`);
  }

  return { win, rollback, reverse };
}
