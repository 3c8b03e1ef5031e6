import { InsufficientFunds } from '../ledger/service.ts';
import { Problem } from '../../problem.ts';
import { engineOf, journalMetadata, type MoneyHelpers, type Outcome, type Player, type WalletDependencies } from './money.ts';
import type { ProviderGame } from './ports.ts';
import { fundingRoundOf, journalKeyOf, type NewTransaction, type Response, type TransactionRow } from './store.ts';

// An aggregator's bet (docs/decisions/0096-hub88-seamless-wallet.md): the stake leaves the player's cash, then bonus
// money, as our own games' stakes do, for the house's provider account, in one transaction with its row (which
// claims the transaction's uuid), its round, the bonus's wagering and the loyalty points. A uuid seen before is
// answered from its row and moves nothing; refusals are kept too, so a repeat is refused alike.

export type BetRequest = {
  provider: string;
  transactionUuid: string;
  token: string;
  /** The player's reference, as the aggregator sends it back. */
  user: string;
  round: string | null;
  gameCode: string;
  currency: string;
  /** Minor units. */
  amount: number;
  /** The aggregator pays this bet (a free round): recorded, no money moves. */
  free: boolean;
  /** The aggregator's free-rounds reward a free bet comes from. */
  rewardUuid?: string | null;
  roundClosed: boolean;
  /** Hash of what defines the transaction (the adapter's choice of fields): a repeat must match it. */
  requestHash: string;
};

/** Its uuid was claimed by another request meanwhile: that request's row answers. */
class Taken extends Error {}

export function createBets(deps: WalletDependencies, money: MoneyHelpers, reverse: (bet: TransactionRow, final: Partial<NewTransaction>) => Promise<boolean>) {
  const { db, ledger, currency, games, stakes, funding, loyalty, sessions, store } = deps;

  /**
   * Why this player may not stake now (blocked, not activated, a limit's words), or null when they may: the limits
   * read the account's standing with their own settings, in one statement.
   */
  async function whyNot(playerId: number, game: ProviderGame, stake: number): Promise<string | null> {
    try {
      await stakes.guardStake(playerId, { stake, engine: engineOf(game), field: 'amount', standing: true });
      return null;
    } catch (error) {
      if (error instanceof Problem && error.statusCode < 500) return error.message;
      throw error;
    }
  }

  /** A bet seen before: its first answer (with the balance now), unless the request differs. */
  async function replay(existing: TransactionRow, request: BetRequest): Promise<Outcome> {
    let row = existing;
    if (row.kind === 'bet' && row.requestHash === null) {
      // A rollback came first and left this row: the bet it named arrives now and is refused, once and for all.
      const playerId = await sessions.playerOf(request.provider, request.user);
      if (playerId === row.playerId) {
        const claimed = await store.claimPlaceholder(row.id, {
          requestHash: request.requestHash,
          response: 'rolled_back',
          amount: request.amount,
          free: request.free,
          round: request.round,
          gameCode: request.gameCode,
        });
        if (claimed) return money.answer('rolled_back', { id: playerId, reference: request.user });
      }
      row = (await store.find(request.provider, request.transactionUuid)) ?? row;
    }
    if (row.kind !== 'bet' || row.requestHash !== request.requestHash) return { outcome: 'duplicate', player: null, balance: null };
    return money.answer(row.response as Response, { id: row.playerId, reference: request.user });
  }

  /** A refusal kept under the bet's uuid, so a repeat is answered alike and a later rollback finds it. */
  async function refuse(request: BetRequest, player: Player, game: ProviderGame, response: Response, detail: string | null): Promise<Outcome> {
    const id = await store.insert(db, { ...rowOf(request, player, game), state: 'refused', response, detail });
    if (id === null) return replay((await store.find(request.provider, request.transactionUuid))!, request);
    return money.answer(response, player);
  }

  const rowOf = (request: BetRequest, player: Player, game: ProviderGame): NewTransaction => ({
    provider: request.provider,
    transactionUuid: request.transactionUuid,
    kind: 'bet',
    playerId: player.id,
    round: request.round,
    gameCode: request.gameCode,
    gameName: game.name,
    currency: request.currency,
    amount: request.amount,
    free: request.free,
    rewardUuid: request.free ? (request.rewardUuid ?? null) : null,
    state: 'accepted',
    response: 'ok',
    requestHash: request.requestHash,
  });

  return async function bet(request: BetRequest): Promise<Outcome> {
    const existing = await store.find(request.provider, request.transactionUuid);
    if (existing) return replay(existing, request);
    const session = await sessions.session(request.provider, request.token);
    if (!session || session.reference !== request.user) return { outcome: 'invalid_token', player: null, balance: null };
    if (session.expired) return { outcome: 'token_expired', player: null, balance: null };
    const player = { id: session.playerId, reference: session.reference };
    if (request.currency !== session.currency || request.currency !== currency) return money.answer('wrong_currency', player);
    const game = await games.gameOf(request.gameCode);
    if (!game) return money.answer('invalid_game', player);
    await sessions.touch(session);

    const stake = request.free ? 0 : request.amount;
    // The guard and the bonuses' funding read at once (only reads: the guard's refusal still comes first).
    const funded =
      stake > 0
        ? funding.fundStake(player.id, game, stake).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          )
        : null;
    const refusal = await whyNot(player.id, game, stake);
    if (refusal !== null) return refuse(request, player, game, 'user_disabled', refusal);
    let paid: Awaited<ReturnType<typeof funding.fundStake>> | null = null;
    if (funded) {
      const outcome = await funded;
      if ('error' in outcome) {
        const { error } = outcome;
        // A bonus rule (the maximum bet while a bonus is active): refused before any money moves.
        if (error instanceof Problem && error.statusCode < 500) return refuse(request, player, game, 'refused', error.message);
        throw error;
      }
      paid = outcome.value;
    }
    const entries = paid ? await money.toProvider(player.id, paid.entries) : null;
    // The cash part earns points; the row keeps it, so a rollback takes back exactly what it earned.
    const earning = paid && entries ? money.cashPart(entries, paid.accounts.cash) : 0;
    const row: NewTransaction = { ...rowOf(request, player, game), pointsStake: earning, pointsEngine: earning > 0 ? engineOf(game) : null };
    const key = journalKeyOf(request.provider, request.transactionUuid, 'bet');
    const roundId = fundingRoundOf(request.provider, request.transactionUuid);
    const engine = engineOf(game);
    const round = request.round ?? request.transactionUuid;
    const transfer =
      paid && entries ? { idempotencyKey: key, type: 'bet' as const, referenceId: game.name, metadata: journalMetadata(request), entries } : null;
    // Known from the transfer's own result when it tells the cash balance and no bonus holds money (decision 0091).
    let known: number | null = null;
    try {
      if (!paid?.record) {
        // Nothing for the bonuses to record: the row, the round, the money and the points' carry in one statement.
        const done = await deps.instant({
          row,
          round: { id: round, gameCode: request.gameCode, stake, win: 0, closed: request.roundClosed },
          betId: null,
          transfer,
          earns: earning > 0 ? { slots: loyalty.carry.slots(engine), stake: earning } : null,
          at: new Date(),
        });
        if (!done) throw new Taken();
        // A failure leaves the whole points in the carry, for the category's next stake to make (decision 0091).
        if (done.carry !== null && earning > 0)
          await loyalty.carry
            .convert({ playerId: player.id, roundId, engine, stake: earning, key }, done.carry)
            .catch((error: unknown) => deps.logger?.warn({ err: error, playerId: player.id }, 'loyalty points from the carry failed'));
        const cash = done.journal?.balances?.find((balance) => balance.accountId === paid?.accounts.cash)?.balance;
        if (cash !== undefined && paid?.before.bonus === 0) known = cash;
      } else
        await db.transaction(async (tx) => {
          // The rows before the money: the transfer locks the house's provider account until this commits.
          const id = await store.insert(tx, row);
          if (id === null) throw new Taken();
          await store.addToRound(tx, {
            provider: request.provider,
            playerId: player.id,
            round,
            gameCode: request.gameCode,
            currency,
            stake,
            closed: request.roundClosed,
          });
          if (!paid || !transfer) return;
          const journal = await ledger.transfer(transfer, { in: tx, quiet: true });
          await store.update(tx, id, { journalId: journal.id });
          await paid.record?.(tx, key, roundId);
          if (earning > 0) await loyalty.earnPoints(tx, { playerId: player.id, roundId, engine, stake: earning, key });
        });
    } catch (error) {
      if (error instanceof Taken) return replay((await store.find(request.provider, request.transactionUuid))!, request);
      if (error instanceof InsufficientFunds) return refuse(request, player, game, 'not_enough_money', null);
      throw error;
    }
    if (!entries) return money.answer('ok', player);
    // A time-out or self-exclusion that committed while the stake was taken: its money goes back, the bet is refused
    // (docs/decisions/0096). The guard above turns away every bet that starts after it.
    if ((await stakes.keptFromPlay([player.id])).has(player.id)) {
      const taken = (await store.find(request.provider, request.transactionUuid))!;
      await reverse(taken, { state: 'refused', response: 'user_disabled', detail: 'excluded from play while the stake was taken' });
      return { outcome: 'user_disabled', player, balance: await money.moved(player.id) };
    }
    return { outcome: 'ok', player, balance: await money.movedKnowing(player.id, known) };
  };
}
