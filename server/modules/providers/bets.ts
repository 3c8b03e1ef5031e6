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
  roundClosed: boolean;
  /** Hash of what defines the transaction (the adapter's choice of fields): a repeat must match it. */
  requestHash: string;
};

/** Its uuid was claimed by another request meanwhile: that request's row answers. */
class Taken extends Error {}

export function createBets(deps: WalletDependencies, money: MoneyHelpers, reverse: (bet: TransactionRow, final: Partial<NewTransaction>) => Promise<boolean>) {
  const { db, ledger, currency, games, players, stakes, funding, loyalty, sessions, store } = deps;

  /** Why this player may not stake now (blocked, not activated, a limit's words), or null when they may. */
  async function whyNot(playerId: number, game: ProviderGame, stake: number): Promise<string | null> {
    const standing = await players.standing(playerId);
    if (!standing) return 'no such player';
    if (standing.blocked) return 'the account is blocked';
    if (!standing.active) return 'the account is not activated';
    try {
      await stakes.guardStake(playerId, { stake, engine: engineOf(game), field: 'amount' });
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
    const refusal = await whyNot(player.id, game, stake);
    if (refusal !== null) return refuse(request, player, game, 'user_disabled', refusal);
    let paid: Awaited<ReturnType<typeof funding.fundStake>> | null = null;
    if (stake > 0) {
      try {
        paid = await funding.fundStake(player.id, game, stake);
      } catch (error) {
        // A bonus rule (the maximum bet while a bonus is active): refused before any money moves.
        if (error instanceof Problem && error.statusCode < 500) return refuse(request, player, game, 'refused', error.message);
        throw error;
      }
    }
    const entries = paid ? await money.toProvider(player.id, paid.entries) : null;
    const row = rowOf(request, player, game);
    const key = journalKeyOf(request.provider, request.transactionUuid, 'bet');
    const roundId = fundingRoundOf(request.provider, request.transactionUuid);
    try {
      await db.transaction(async (tx) => {
        // The rows before the money: the transfer locks the house's provider account until this commits.
        const id = await store.insert(tx, row);
        if (id === null) throw new Taken();
        const round = request.round ?? request.transactionUuid;
        await store.addToRound(tx, {
          provider: request.provider,
          playerId: player.id,
          round,
          gameCode: request.gameCode,
          currency,
          stake,
          closed: request.roundClosed,
        });
        if (!paid || !entries) return;
        const journal = await ledger.transfer(
          { idempotencyKey: key, type: 'bet', referenceId: game.name, metadata: journalMetadata(request), entries },
          { in: tx, quiet: true },
        );
        await store.update(tx, id, { journalId: journal.id });
        await paid.record?.(tx, key, roundId);
        const earning = money.cashPart(entries, paid.accounts.cash);
        if (earning > 0) await loyalty.earnPoints(tx, { playerId: player.id, roundId, engine: engineOf(game), stake: earning, key });
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
    return { outcome: 'ok', player, balance: await money.moved(player.id) };
  };
}
