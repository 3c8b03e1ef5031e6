// Game sessions and rounds: what Hub88 does between a player's click in the game and the operator's wallet.
//
// A real-money spin is one round: POST /transaction/bet (round_closed false), then POST /transaction/win with the bet's
// transaction_uuid as reference_transaction_uuid and round_closed true; a losing spin sends a win of amount 0, which is
// what closes the round. Failures follow Hub88's retry policy: a bet that times out, fails at the network or HTTP level, or
// is answered with any error other than RS_ERROR_NOT_ENOUGH_MONEY / RS_ERROR_LIMIT_REACHED is rolled back
// (POST /transaction/rollback, reference_transaction_uuid = the bet); a win or rollback that does not get a final answer is
// sent again with the same transaction_uuid (a new request_uuid each time) with exponential backoff, first while the player
// waits and then in the background, a bounded number of times.
import { randomUUID } from 'node:crypto';
import type { Freebets, Reward, RewardState } from './freebets.ts';
import type { DemoGame } from './games.ts';
import { type Rng, type SpinOutcome, spinReels } from './slot.ts';
import { backoffDelay, describeOutcome, type RetryPolicy, type WalletClient, type WalletOutcome, type WalletPath } from './wallet.ts';

/** Hub88 amounts are integers: the currency amount multiplied by 100 000 (1.00 EUR = 100000). */
export const UNIT = 100_000;
/** What the bet selector offers: 0.10 to 10.00 in the session's currency. */
export const BET_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10].map((amount) => Math.round(amount * UNIT));
export const DEFAULT_BET_INDEX = 3;
/** The fun-money balance a demo session starts with (1 000.00). */
export const DEMO_BALANCE = 1000 * UNIT;
export const DEMO_CURRENCY = 'XXX';

export type Log = (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;

export interface Session {
  id: string;
  mode: 'real' | 'demo';
  game: DemoGame;
  currency: string;
  user?: string;
  token?: string;
  platform: string;
  lang: string;
  country?: string;
  subPartnerId?: string;
  lobbyUrl?: string;
  depositUrl?: string;
  /** Origins allowed to frame the game page (CSP frame-ancestors). */
  frameOrigins: string[];
  createdAt: number;
  lastSeen: number;
  /** Set once user/info has answered RS_OK. */
  userInfo?: Record<string, unknown>;
  /** The last balance the wallet reported (or the demo balance), in Hub88 units. */
  balance: number;
  busy: boolean;
}

export interface SpinFaults {
  /** The bet is sent and booked by the operator, but the aggregator acts as if it timed out (and rolls it back). */
  betTimeout?: boolean;
  /** The bet "times out" and the rollback reaches the operator before the bet does: rollback first, then the late bet. */
  rollbackBeforeBet?: boolean;
  /** This many win attempts are answered but treated as timeouts, so the win is retried with the same transaction_uuid. */
  winTimeouts?: number;
}

export interface FreebetOffer {
  reward_uuid: string;
  left: number;
  bet_value: number;
  end_time: string;
}

export type StateAnswer =
  | {
      ok: true;
      mode: 'real' | 'demo';
      game: { code: string; name: string };
      currency: string;
      balance: number;
      bets: number[];
      defaultBet: number;
      freebets: FreebetOffer[];
      lobbyUrl: string | null;
    }
  | { ok: false; error: string; message: string };

export type SpinAnswer =
  | {
      ok: true;
      round: string;
      reels: SpinOutcome['reels'];
      line: SpinOutcome['line'];
      combination: string | null;
      multiplier: number;
      bet: number;
      win: number;
      free: boolean;
      balance: number;
      /** The win could not be confirmed yet and is being retried; the balance shown does not include it. */
      winPending: boolean;
      freebets: FreebetOffer[];
      message: string | null;
    }
  | { ok: false; error: string; message: string; balance?: number; freebets?: FreebetOffer[] };

/** A win, rollback or late bet still being delivered, or given up on: what the test hooks and reconciliation read. */
export interface Delivery {
  path: WalletPath;
  transaction_uuid: string;
  round: string;
  attempts: number;
  state: 'retrying' | 'settled' | 'failed' | 'abandoned';
  last: string;
}

const FINAL_WIN = new Set(['RS_OK', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'RS_ERROR_TRANSACTION_ROLLED_BACK', 'RS_ERROR_DUPLICATE_TRANSACTION']);
const FINAL_ROLLBACK = new Set(['RS_OK', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'RS_ERROR_TRANSACTION_ROLLED_BACK', 'RS_ERROR_DUPLICATE_TRANSACTION']);
/** Bet statuses that are a clean refusal: nothing was booked, nothing to roll back (Hub88's bet retry policy). */
const BET_REFUSALS = new Set(['RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_LIMIT_REACHED']);

const PLAYER_MESSAGES: Record<string, string> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'Not enough money for this bet. Lower the bet or top up your balance.',
  RS_ERROR_LIMIT_REACHED: 'You have reached a limit you set, so this bet was not placed.',
  RS_ERROR_USER_DISABLED: 'Your account cannot place bets at the moment. Please contact the casino.',
  RS_ERROR_TOKEN_EXPIRED: 'Your game session has ended. Close the game and open it again from the casino.',
  RS_ERROR_INVALID_TOKEN: 'Your game session has ended. Close the game and open it again from the casino.',
  RS_ERROR_WRONG_CURRENCY: 'This game was opened in a different currency from your wallet. Reopen it from the casino.',
};

export interface PlayOptions {
  wallet: WalletClient;
  freebets: Freebets;
  rng: Rng;
  retry: RetryPolicy;
  log: Log;
  /** Sessions idle longer than this are forgotten. */
  sessionTtlMs?: number;
}

export class Play {
  readonly sessions = new Map<string, Session>();
  readonly deliveries: Delivery[] = [];
  private readonly options: PlayOptions;
  private readonly faults: { session?: string; faults: SpinFaults }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  private sequence = 0;

  constructor(options: PlayOptions) {
    this.options = options;
    const ttl = options.sessionTtlMs ?? 24 * 3600 * 1000;
    this.sweeper = setInterval(() => {
      const cutoff = Date.now() - ttl;
      for (const [id, session] of this.sessions) if (session.lastSeen < cutoff && !session.busy) this.sessions.delete(id);
    }, 60_000);
    this.sweeper.unref();
  }

  create(fields: Omit<Session, 'id' | 'createdAt' | 'lastSeen' | 'balance' | 'busy'>): Session {
    const now = Date.now();
    const session: Session = {
      ...fields,
      id: randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '').slice(0, 16),
      createdAt: now,
      lastSeen: now,
      balance: fields.mode === 'demo' ? DEMO_BALANCE : 0,
      busy: false,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string): Session | undefined {
    const session = this.sessions.get(id);
    if (session) session.lastSeen = Date.now();
    return session;
  }

  /** Test hook: the next spin (of this session, or of any session) meets these faults. */
  injectFaults(faults: SpinFaults, sessionId?: string): void {
    this.faults.push({ session: sessionId, faults });
  }

  /** Session start: user/info once per session, then the balance. Demo sessions never call the wallet. */
  async state(session: Session): Promise<StateAnswer> {
    const base = {
      ok: true as const,
      mode: session.mode,
      game: { code: session.game.game_code, name: session.game.name },
      bets: BET_STEPS,
      defaultBet: BET_STEPS[DEFAULT_BET_INDEX]!,
      lobbyUrl: session.lobbyUrl ?? null,
    };
    if (session.mode === 'demo') return { ...base, currency: DEMO_CURRENCY, balance: session.balance, freebets: [] };
    const user = session.user!;
    if (!session.userInfo) {
      const info = await this.options.wallet.call('/user/info', { user });
      if (info.kind !== 'response' || info.body.status !== 'RS_OK') return this.unavailable('user/info', info);
      session.userInfo = info.body;
    }
    const balance = await this.options.wallet.call('/user/balance', { user, token: session.token, game_code: session.game.game_code });
    if (balance.kind !== 'response' || balance.body.status !== 'RS_OK') return this.unavailable('user/balance', balance);
    if (typeof balance.body.balance === 'number') session.balance = balance.body.balance;
    if (typeof balance.body.currency === 'string' && balance.body.currency !== session.currency) {
      this.options.log('warn', 'wallet currency differs from the session currency', { session: session.currency, wallet: balance.body.currency });
    }
    return { ...base, currency: session.currency, balance: session.balance, freebets: this.offers(session) };
  }

  async spin(session: Session, request: { bet?: unknown; reward_uuid?: unknown }): Promise<SpinAnswer> {
    if (session.busy) return { ok: false, error: 'busy', message: 'The last spin is still being settled.' };
    session.busy = true;
    try {
      return session.mode === 'demo' ? this.demoSpin(session, request) : await this.realSpin(session, request);
    } finally {
      session.busy = false;
    }
  }

  /** Stops background retries; what is still undelivered stays in `deliveries` as abandoned. */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of this.sleepers) wake();
    for (const delivery of this.deliveries) if (delivery.state === 'retrying') delivery.state = 'abandoned';
  }

  private demoSpin(session: Session, request: { bet?: unknown; reward_uuid?: unknown }): SpinAnswer {
    if (request.reward_uuid) return { ok: false, error: 'no_freebets', message: 'Free spins are not available in demo play.' };
    const bet = betFrom(request.bet);
    if (bet === undefined) return { ok: false, error: 'bad_bet', message: 'Choose one of the offered bets.' };
    if (session.balance < bet) return { ok: false, error: 'not_enough_money', message: 'Not enough fun money for this bet.', balance: session.balance };
    const outcome = spinReels(this.options.rng);
    const win = outcome.multiplier * bet;
    session.balance += win - bet;
    return {
      ok: true,
      round: randomUUID(),
      reels: outcome.reels,
      line: outcome.line,
      combination: outcome.combination,
      multiplier: outcome.multiplier,
      bet,
      win,
      free: false,
      balance: session.balance,
      winPending: false,
      freebets: [],
      message: null,
    };
  }

  private async realSpin(session: Session, request: { bet?: unknown; reward_uuid?: unknown }): Promise<SpinAnswer> {
    const user = session.user!;
    const faults = this.takeFaults(session.id);
    let reward: RewardState | undefined;
    let stake: number;
    if (typeof request.reward_uuid === 'string' && request.reward_uuid) {
      const taken = this.options.freebets.take(request.reward_uuid, user, session.game.game_code, session.currency);
      if (typeof taken === 'string') return { ok: false, error: 'freebet_unavailable', message: taken, freebets: this.offers(session) };
      reward = taken;
      stake = taken.bet_value;
    } else {
      const bet = betFrom(request.bet);
      if (bet === undefined) return { ok: false, error: 'bad_bet', message: 'Choose one of the offered bets.' };
      stake = bet;
    }

    const round = randomUUID();
    const betTransaction = randomUUID();
    const common = {
      user,
      token: session.token,
      game_code: session.game.game_code,
      supplier_user: user,
      round,
    };
    const money = {
      currency: session.currency,
      is_free: reward !== undefined,
      is_aggregated: false,
      bet: 'slot:1-line',
      ...(reward ? { reward_uuid: reward.reward_uuid } : {}),
    };
    // A free bet costs the player nothing: Hub88 sends it with amount 0 and the reward's uuid; its win is real money.
    const betFields = {
      ...common,
      ...money,
      transaction_uuid: betTransaction,
      supplier_transaction_id: this.supplierId('bet'),
      round_closed: false,
      amount: reward ? 0 : stake,
    };

    if (faults.rollbackBeforeBet) {
      // The bet left, its answer never came; the rollback overtakes it and the bet arrives after it.
      const late = this.options.wallet.prepare('/transaction/bet', { ...betFields, request_uuid: randomUUID() });
      await this.rollback(common, betTransaction);
      const lateOutcome = await this.options.wallet.send(late);
      if (lateOutcome.kind === 'response' && lateOutcome.body.status === 'RS_OK') {
        this.options.log('error', 'the operator booked a bet after its rollback (it must refuse it)', { transaction_uuid: betTransaction });
      }
      if (reward) this.options.freebets.giveBack(reward);
      return this.betFailed(session, { kind: 'timeout' });
    }
    const betOutcome = await this.options.wallet.call('/transaction/bet', betFields, { forceTimeout: faults.betTimeout });

    if (betOutcome.kind === 'response' && betOutcome.body.status === 'RS_OK') {
      if (typeof betOutcome.body.balance === 'number') session.balance = betOutcome.body.balance;
    } else {
      if (reward) this.options.freebets.giveBack(reward);
      if (betOutcome.kind === 'response' && BET_REFUSALS.has(betOutcome.body.status)) {
        if (typeof betOutcome.body.balance === 'number') session.balance = betOutcome.body.balance;
        const status = betOutcome.body.status;
        return {
          ok: false,
          error: status === 'RS_ERROR_NOT_ENOUGH_MONEY' ? 'not_enough_money' : 'limit_reached',
          message: PLAYER_MESSAGES[status]!,
          balance: session.balance,
        };
      }
      await this.rollback(common, betTransaction);
      return this.betFailed(session, betOutcome);
    }

    const outcome = spinReels(this.options.rng);
    const win = outcome.multiplier * stake;
    const winFields = {
      ...common,
      ...money,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: this.supplierId('win'),
      reference_transaction_uuid: betTransaction,
      round_closed: true,
      amount: win,
    };
    const delivered = await this.deliver('/transaction/win', winFields, FINAL_WIN, faults.winTimeouts ?? 0);
    let winPending = false;
    let message: string | null = null;
    if (delivered.kind === 'response' && delivered.body.status === 'RS_OK') {
      if (typeof delivered.body.balance === 'number') session.balance = delivered.body.balance;
    } else if (delivered.kind === 'response' && FINAL_WIN.has(delivered.body.status)) {
      message = 'The casino did not accept this result. Please contact support and quote the round id.';
      this.options.log('error', 'win refused by the operator', { round, status: delivered.body.status });
    } else {
      winPending = win > 0;
      message = win > 0 ? 'Your win is being credited; your balance will update shortly.' : null;
    }
    return {
      ok: true,
      round,
      reels: outcome.reels,
      line: outcome.line,
      combination: outcome.combination,
      multiplier: outcome.multiplier,
      bet: stake,
      win,
      free: reward !== undefined,
      balance: session.balance,
      winPending,
      freebets: this.offers(session),
      message,
    };
  }

  private async rollback(common: Record<string, unknown>, betTransaction: string): Promise<WalletOutcome> {
    return this.deliver(
      '/transaction/rollback',
      {
        ...common,
        transaction_uuid: randomUUID(),
        supplier_transaction_id: this.supplierId('rollback'),
        reference_transaction_uuid: betTransaction,
        round_closed: true,
      },
      FINAL_ROLLBACK,
      0,
    );
  }

  /**
   * Sends a win or rollback until it gets a final answer: `attempts` tries while the player waits, then up to
   * `backgroundAttempts` more on timers. Every try carries the same transaction_uuid and a new request_uuid.
   */
  private async deliver(path: WalletPath, fields: Record<string, unknown>, final: Set<string>, forcedTimeouts: number): Promise<WalletOutcome> {
    const { retry, wallet } = this.options;
    const delivery: Delivery = {
      path,
      transaction_uuid: String(fields.transaction_uuid),
      round: String(fields.round),
      attempts: 0,
      state: 'retrying',
      last: '',
    };
    this.deliveries.push(delivery);
    if (this.deliveries.length > 2000) this.deliveries.splice(0, this.deliveries.length - 2000);
    const isFinal = (outcome: WalletOutcome) => outcome.kind === 'response' && final.has(outcome.body.status);
    const attempt = async () => {
      delivery.attempts++;
      const outcome = await wallet.call(path, fields, { forceTimeout: delivery.attempts <= forcedTimeouts });
      delivery.last = describeOutcome(outcome);
      if (isFinal(outcome)) delivery.state = outcome.kind === 'response' && outcome.body.status === 'RS_OK' ? 'settled' : 'failed';
      return outcome;
    };
    let outcome = await attempt();
    while (delivery.state === 'retrying' && delivery.attempts < retry.attempts && !this.closed) {
      await this.sleep(backoffDelay(retry, delivery.attempts));
      outcome = await attempt();
    }
    if (delivery.state === 'retrying' && !this.closed) {
      this.options.log('warn', `${path} not confirmed; retrying in the background`, { transaction_uuid: delivery.transaction_uuid, last: delivery.last });
      const again = () => {
        if (this.closed) return;
        const timer = setTimeout(
          async () => {
            this.timers.delete(timer);
            await attempt();
            if (delivery.state !== 'retrying') {
              this.options.log(delivery.state === 'settled' ? 'info' : 'error', `${path} ${delivery.state} after ${delivery.attempts} attempts`, {
                transaction_uuid: delivery.transaction_uuid,
                last: delivery.last,
              });
            } else if (delivery.attempts >= retry.attempts + retry.backgroundAttempts) {
              delivery.state = 'abandoned';
              this.options.log('error', `${path} abandoned after ${delivery.attempts} attempts; left for reconciliation`, {
                transaction_uuid: delivery.transaction_uuid,
                last: delivery.last,
              });
            } else again();
          },
          backoffDelay(retry, delivery.attempts),
        );
        this.timers.add(timer);
      };
      again();
    }
    return outcome;
  }

  private async betFailed(session: Session, outcome: WalletOutcome): Promise<SpinAnswer> {
    const status = outcome.kind === 'response' ? outcome.body.status : undefined;
    this.options.log('warn', 'bet failed and was rolled back', { outcome: describeOutcome(outcome) });
    // Show the player the balance the wallet has now, if it answers.
    const balance = await this.options.wallet.call('/user/balance', { user: session.user, token: session.token, game_code: session.game.game_code });
    if (balance.kind === 'response' && balance.body.status === 'RS_OK' && typeof balance.body.balance === 'number') session.balance = balance.body.balance;
    const expired = status === 'RS_ERROR_TOKEN_EXPIRED' || status === 'RS_ERROR_INVALID_TOKEN';
    return {
      ok: false,
      error: expired ? 'session_expired' : status === 'RS_ERROR_USER_DISABLED' ? 'user_disabled' : 'bet_failed',
      message: (status && PLAYER_MESSAGES[status]) ?? 'The bet could not be placed, so nothing was charged. Please try again.',
      balance: session.balance,
      freebets: this.offers(session),
    };
  }

  private unavailable(call: string, outcome: WalletOutcome): StateAnswer {
    this.options.log('warn', `session start: ${call} failed`, { outcome: describeOutcome(outcome) });
    const status = outcome.kind === 'response' ? outcome.body.status : undefined;
    return {
      ok: false,
      error: status === 'RS_ERROR_TOKEN_EXPIRED' || status === 'RS_ERROR_INVALID_TOKEN' ? 'session_expired' : 'wallet_unavailable',
      message: (status && PLAYER_MESSAGES[status]) ?? 'The casino wallet did not answer. Please try again in a moment.',
    };
  }

  private offers(session: Session): FreebetOffer[] {
    if (session.mode === 'demo' || !session.user) return [];
    return this.options.freebets.usable(session.user, session.game.game_code, session.currency).map(({ reward, left }: { reward: Reward; left: number }) => ({
      reward_uuid: reward.reward_uuid,
      left,
      bet_value: reward.bet_value,
      end_time: reward.end_time,
    }));
  }

  private takeFaults(sessionId: string): SpinFaults {
    const index = this.faults.findIndex((entry) => entry.session === undefined || entry.session === sessionId);
    return index === -1 ? {} : this.faults.splice(index, 1)[0]!.faults;
  }

  private supplierId(kind: string): string {
    return `crp-${kind}-${Date.now().toString(36)}-${(++this.sequence).toString(36)}`;
  }

  /** Waits between attempts; close() ends every wait at once. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}

function betFrom(value: unknown): number | undefined {
  return typeof value === 'number' && BET_STEPS.includes(value) ? value : undefined;
}
