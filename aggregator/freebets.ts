// The Freebets API as Hub88 serves it to operators (https://docs.hub88.io/developer-docs/operator-api-reference/freebets-api):
// prepaids (reward templates), and single-use rewards made from a prepaid for one user. Kept in memory.
import { createHash, randomUUID } from 'node:crypto';
import { GAMES } from './games.ts';

/** Hub88 reward statuses. FRS_ACTIVE is the documented example; the others are this aggregator's names for the other states. */
export type RewardStatus = 'FRS_ACTIVE' | 'FRS_CANCELED' | 'FRS_USED' | 'FRS_EXPIRED';

export interface Prepaid {
  prepaid_uuid: string;
  game_code: string;
  currency: string;
  /** null: the operator chooses the value / the count when creating a reward. */
  bet_value: number | null;
  bet_count: number | null;
  bonus_buy: boolean;
}

export interface Reward {
  reward_uuid: string;
  status: RewardStatus;
  user: string;
  sub_partner_id: string | null;
  prepaid_uuid: string;
  game_code: string;
  currency: string;
  bet_value: number;
  bet_count: number;
  start_time: string;
  end_time: string;
}

export interface RewardState extends Reward {
  /** Free bets placed and not rolled back. */
  used: number;
}

/** How long a reward lasts when the operator gives no end_time ("rewards automatically expire in several weeks"). */
const DEFAULT_LIFETIME_MS = 21 * 24 * 3600 * 1000;

/** ISO 8601 extended without a zone, as Hub88 writes datetimes (YYYY-MM-DDThh:mm:ss), in UTC. */
export function hubDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export function parseHubDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A stable UUID-shaped id for a prepaid, so the list is the same on every start. */
function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class RewardError extends Error {
  readonly httpStatus: number;
  constructor(httpStatus: number, message: string) {
    super(message);
    this.httpStatus = httpStatus;
  }
}

export class Freebets {
  readonly prepaids: Prepaid[];
  private readonly rewards = new Map<string, RewardState>();

  constructor(currencies: readonly string[]) {
    this.prepaids = GAMES.flatMap((game) =>
      currencies.map((currency) => ({
        prepaid_uuid: stableUuid(`prepaid:${game.game_code}:${currency}`),
        game_code: game.game_code,
        currency,
        bet_value: null,
        bet_count: null,
        bonus_buy: false,
      })),
    );
  }

  listPrepaids(gameCode?: string): Prepaid[] {
    return gameCode === undefined ? this.prepaids : this.prepaids.filter((prepaid) => prepaid.game_code === gameCode);
  }

  create(request: Record<string, unknown>, now = Date.now()): Reward {
    const user = request.user;
    if (typeof user !== 'string' || user.length < 3) throw new RewardError(400, 'user must be a string of at least 3 characters');
    if (request.campaign_uuid !== undefined && request.campaign_uuid !== null) {
      throw new RewardError(400, 'campaign rewards are not supported by the reference aggregator; create a single-use reward from a prepaid');
    }
    const prepaid = this.prepaids.find((candidate) => candidate.prepaid_uuid === request.prepaid_uuid);
    if (!prepaid) throw new RewardError(404, 'prepaid not found');
    if (request.game_code !== undefined && request.game_code !== prepaid.game_code) throw new RewardError(400, 'game_code does not match the prepaid');
    const betValue = prepaid.bet_value ?? request.bet_value;
    const betCount = prepaid.bet_count ?? request.bet_count;
    if (typeof betValue !== 'number' || !Number.isSafeInteger(betValue) || betValue <= 0) throw new RewardError(400, 'bet_value must be a positive integer');
    if (typeof betCount !== 'number' || !Number.isSafeInteger(betCount) || betCount <= 0 || betCount > 1000) {
      throw new RewardError(400, 'bet_count must be an integer from 1 to 1000');
    }
    const start = request.start_time === undefined || request.start_time === null ? now : parseHubDateTime(request.start_time);
    const end = request.end_time === undefined || request.end_time === null ? (start ?? now) + DEFAULT_LIFETIME_MS : parseHubDateTime(request.end_time);
    if (start === undefined || end === undefined) throw new RewardError(400, 'start_time and end_time must be ISO 8601 datetimes (YYYY-MM-DDThh:mm:ss)');
    if (end <= start) throw new RewardError(400, 'end_time must be after start_time');
    if (end <= now) throw new RewardError(400, 'end_time must be in the future');
    const reward: RewardState = {
      reward_uuid: randomUUID(),
      status: 'FRS_ACTIVE',
      user,
      sub_partner_id: typeof request.sub_partner_id === 'string' ? request.sub_partner_id : null,
      prepaid_uuid: prepaid.prepaid_uuid,
      game_code: prepaid.game_code,
      currency: prepaid.currency,
      bet_value: betValue,
      bet_count: betCount,
      start_time: hubDateTime(start),
      end_time: hubDateTime(end),
      used: 0,
    };
    this.rewards.set(reward.reward_uuid, reward);
    return publicReward(reward);
  }

  cancel(rewardUuid: unknown): Reward {
    const reward = typeof rewardUuid === 'string' ? this.rewards.get(rewardUuid) : undefined;
    if (!reward) throw new RewardError(404, 'reward not found');
    this.refresh(reward);
    if (reward.status !== 'FRS_ACTIVE') throw new RewardError(400, `reward is ${reward.status}`);
    reward.status = 'FRS_CANCELED';
    return publicReward(reward);
  }

  list(filter: { user?: unknown; game_code?: unknown; reward_uuid?: unknown }): Reward[] {
    return [...this.rewards.values()]
      .filter(
        (reward) =>
          (filter.user === undefined || reward.user === filter.user) &&
          (filter.game_code === undefined || reward.game_code === filter.game_code) &&
          (filter.reward_uuid === undefined || reward.reward_uuid === filter.reward_uuid),
      )
      .map((reward) => publicReward(this.refresh(reward)));
  }

  /** The rewards this player can use in this game and currency now, with how many free bets are left on each. */
  usable(user: string, gameCode: string, currency: string, now = Date.now()): { reward: Reward; left: number }[] {
    return [...this.rewards.values()]
      .filter((reward) => reward.user === user && reward.game_code === gameCode && reward.currency === currency)
      .map((reward) => this.refresh(reward, now))
      .filter((reward) => reward.status === 'FRS_ACTIVE' && (parseHubDateTime(reward.start_time) ?? 0) <= now)
      .map((reward) => ({ reward: publicReward(reward), left: reward.bet_count - reward.used }));
  }

  /** Takes one free bet from the reward, or says why it cannot be used. */
  take(rewardUuid: string, user: string, gameCode: string, currency: string, now = Date.now()): RewardState | string {
    const reward = this.rewards.get(rewardUuid);
    if (!reward || reward.user !== user || reward.game_code !== gameCode || reward.currency !== currency) return 'This free spin offer is not available here.';
    this.refresh(reward, now);
    if (reward.status !== 'FRS_ACTIVE' || (parseHubDateTime(reward.start_time) ?? 0) > now) return 'This free spin offer is no longer available.';
    reward.used++;
    if (reward.used >= reward.bet_count) reward.status = 'FRS_USED';
    return reward;
  }

  /** Gives back a free bet whose bet transaction was rolled back. */
  giveBack(reward: RewardState): void {
    reward.used = Math.max(0, reward.used - 1);
    if (reward.status === 'FRS_USED' && reward.used < reward.bet_count) reward.status = 'FRS_ACTIVE';
  }

  private refresh(reward: RewardState, now = Date.now()): RewardState {
    if (reward.status === 'FRS_ACTIVE' && (parseHubDateTime(reward.end_time) ?? 0) <= now) reward.status = 'FRS_EXPIRED';
    return reward;
  }
}

function publicReward(reward: RewardState): Reward {
  const { used: _used, ...rest } = reward;
  return rest;
}
