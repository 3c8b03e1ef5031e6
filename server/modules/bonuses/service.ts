// The bonus engine (docs/decisions/0050-bonus-engine.md): offers and their eligibility, the one claim function,
// activation by a deposit, operator grants, cancellation, forfeit, expiry (a scheduled job plus lazy expiry on
// read) and the player's list. Money moves only through the ledger, each bonus state change inside the journal's
// transaction; every change is announced as BonusUpdated.

import { and, count, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { BonusDefinitionInput, BonusDefinitionPatch, BonusOffer, BonusType, PlayerBonus } from '../../../contract/bonuses.ts';
import { DEFAULT_MAX_WAGERING } from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerEvents } from '../../notify/player-events.ts';
import { Problem } from '../../problem.ts';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import type { LedgerService } from '../ledger/service.ts';
import { isUniqueViolation } from '../shared/db-results.ts';
import { idempotencyConflict, keyedUuid } from '../shared/idempotency.ts';
import { BonusMoved, type BonusRow, createBonusCore, OPEN_STATUSES } from './core.ts';
import { createDefinitions, type DefinitionRow, termsOf, toDefinition, toOffer } from './definitions.ts';
import { createFreeSpinsHandOver } from './free-spins.ts';
import { createRoundFunding } from './funding.ts';
import { bonusForDeposit, daysAfter, entriesOf, wageringFor } from './model.ts';
import { bonusDefinitions, playerBonuses } from './schema.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { BonusesEvents } from './events.ts';

export type { RoundFunding, StakeFunding, WinFunding } from './funding.ts';
export type BonusesService = ReturnType<typeof createBonusesService>;

export type { FreeSpinsHandler } from './free-spins.ts';

/** Expired bonuses are swept every five minutes; reads expire theirs at once. */
export const BONUS_EXPIRY_PATTERN = '*/5 * * * *';

const bonusProblem = (message: string) => new Problem(400, message, { type: 'bonus' });
const isDepositOffer = (type: string) => type === 'deposit_match' || type === 'reload';

export function createBonusesService({
  db,
  ledger,
  events,
  currency,
  appEnv,
  maxWagering = DEFAULT_MAX_WAGERING,
  categoryOf,
  weightOf,
  hasDeposited,
  guardClaim,
  maxWageringFor,
  publish = publishNowhere,
}: {
  db: Database;
  ledger: LedgerService;
  events?: Pick<PlayerEvents, 'publish'>;
  currency: string;
  appEnv: string;
  maxWagering?: number;
  categoryOf: (gameId: number) => Promise<string | null>;
  /** A game's own share of its category's wagering contribution, in percent; null: all of it. */
  weightOf?: (gameId: number) => Promise<number | null>;
  hasDeposited: (playerId: number) => Promise<boolean>;
  /** The responsible-gambling check in front of every claim (limits: refused during a time-out or self-exclusion). */
  guardClaim?: (playerId: number) => Promise<void>;
  /** The most wagering the player's jurisdiction allows, as a multiple of the bonus; null: the site's own (decision 0120). */
  maxWageringFor?: (playerId: number) => Promise<number | null>;
  /** Tells the others what happened (bonuses/events.ts); no one hears when omitted. */
  publish?: Publish<BonusesEvents>;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const definitions = createDefinitions({ db, appEnv, maxWagering });
  const core = createBonusCore({ db, ledger, events, publish, currency });
  const funding = createRoundFunding({ db, core, currency, categoryOf, weightOf });
  const freeSpins = createFreeSpinsHandOver({ db, core });

  /** Why the player may not claim this offer now; null when they may. */
  async function refusal(
    playerId: number,
    def: DefinitionRow,
    now: Date,
    options: { depositAmount?: number; pendingOk?: boolean } = {},
  ): Promise<string | null> {
    if (def.retired) return 'This offer has ended.';
    if (def.startsAt && now < def.startsAt) return 'This offer has not started yet.';
    if (def.endsAt && now >= def.endsAt) return 'This offer has ended.';
    if (def.weekdays && def.weekdays.length > 0 && !def.weekdays.includes(now.getUTCDay())) return 'This offer cannot be claimed today.';
    const open = await core.openBonus(playerId);
    if (open && !(options.pendingOk && open.status === 'pending' && open.slug === def.slug)) {
      return open.status === 'active'
        ? 'You already have an active bonus; finish or cancel it before claiming another.'
        : 'You already have a bonus waiting for your deposit; cancel it before claiming another.';
    }
    if (def.oncePerPlayer) {
      const [used] = await db
        .select({ n: count() })
        .from(playerBonuses)
        // A claim that never started (cancelled or expired while waiting for its deposit) does not use the offer up.
        .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.slug, def.slug), isNotNull(playerBonuses.activatedAt)));
      if ((used?.n ?? 0) > 0) return 'You have already used this offer.';
    }
    if (def.firstDepositOnly && (await hasDeposited(playerId))) return 'This offer is for your first deposit only.';
    if (options.depositAmount !== undefined && isDepositOffer(def.type) && options.depositAmount < def.minDeposit) {
      return `The minimum deposit for this bonus is ${money(def.minDeposit)}.`;
    }
    return null;
  }

  /** Activates a bonus: its money from the house's bonus cost to the player's bonus account, with the row, in one journal. */
  async function activate(row: BonusRow, amount: number, depositId: string | null): Promise<void> {
    const now = new Date();
    const change = {
      status: 'active',
      amount,
      wageringRequired: wageringFor(amount, row.terms.wagering_multiplier),
      freeSpinsLeft: row.terms.free_spins,
      depositId,
      activatedAt: now,
      expiresAt: daysAfter(now, row.terms.expires_in_days),
      updatedAt: now,
    };
    const write = async (executor: Pick<Database, 'update'>) => {
      const updated = await executor
        .update(playerBonuses)
        .set(change)
        .where(and(eq(playerBonuses.id, row.id), eq(playerBonuses.status, 'pending')))
        .returning({ id: playerBonuses.id });
      if (updated.length === 0) throw new BonusMoved();
    };
    try {
      if (amount > 0) {
        const accounts = await core.accountsOf(row.playerId);
        await ledger.transfer(
          {
            idempotencyKey: `bonus:${row.id}:grant`,
            type: 'bonus',
            referenceId: row.id,
            metadata: { bonus: row.slug, deposit: depositId },
            entries: entriesOf([
              { accountId: accounts.bonusCost, amount: -amount },
              { accountId: accounts.bonus, amount },
            ]),
          },
          { within: (tx) => write(tx) },
        );
      } else {
        await write(db);
      }
    } catch (error) {
      if (error instanceof BonusMoved) return;
      throw error;
    }
    core.announce(row.id);
    // A bonus without wagering is cash at once.
    const fresh = await core.byId(row.id);
    if (fresh) await core.convert(fresh);
  }

  /** Inserts the pending bonus (the unique index keeps one open bonus per player) and starts what starts at once. */
  async function grant(playerId: number, def: DefinitionRow, id: string, options: { operator?: boolean; depositId?: string | null } = {}): Promise<BonusRow> {
    const now = new Date();
    try {
      await db.insert(playerBonuses).values({
        id,
        playerId,
        slug: def.slug,
        title: def.title,
        type: def.type,
        status: 'pending',
        terms: termsOf(def),
        depositId: options.depositId ?? null,
        expiresAt: daysAfter(now, def.claimDays),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw bonusProblem('You already have a bonus in progress; finish or cancel it before claiming another.');
      throw error;
    }
    const row = (await core.byId(id))!;
    core.announce(id);
    if (def.type === 'no_deposit') await activate(row, def.maxBonus, null);
    else if (def.type === 'free_spins') {
      await activate(row, 0, null);
      await freeSpins.handOver(row);
    }
    // An operator's grant of a deposit offer gives its maximum at once: there is no deposit to match.
    else if (options.operator) await activate(row, def.maxBonus, null);
    return (await core.byId(id))!;
  }

  async function definitionOr400(slug: string): Promise<DefinitionRow> {
    const def = await definitions.bySlug(slug);
    if (!def) throw bonusProblem('There is no such bonus.');
    return def;
  }

  async function expireOpen(playerId: number): Promise<void> {
    const open = await core.openBonus(playerId);
    if (open) await funding.expireIfDue(open);
  }

  return {
    funding,
    definitions,
    /** Free spins on games our engines do not play go to `handler` (the aggregators'). */
    onFreeSpins: freeSpins.onFreeSpins,
    /** Seeds the environment's offers (missing slugs only). */
    start: () => definitions.seed(),

    /** The offers players see: public, running ones; with the player's eligibility when signed in. */
    async offers(playerId: number | null): Promise<BonusOffer[]> {
      const now = new Date();
      const rows = (await definitions.all()).filter((d) => d.visibility === 'public' && !d.retired && !(d.endsAt && now >= d.endsAt));
      return Promise.all(
        rows.map(async (row) => {
          if (playerId === null) return toOffer(row, currency, null);
          const reason = await refusal(playerId, row, now);
          return toOffer(row, currency, { eligible: reason === null, reason });
        }),
      );
    },

    /** One offer by slug (hidden and code-only ones too: the link is the code), with the player's eligibility. */
    async offer(playerId: number | null, slug: string): Promise<BonusOffer | null> {
      const row = await definitions.bySlug(slug);
      if (!row) return null;
      if (playerId === null) return toOffer(row, currency, null);
      const reason = await refusal(playerId, row, new Date(), { pendingOk: true });
      return toOffer(row, currency, { eligible: reason === null, reason });
    },

    /**
     * THE claim: every way a player takes a bonus comes here (the claim route, a deposit with `bonusId`). Keyed by
     * the player's Idempotency-Key (a replay answers the same bonus). No-deposit and free-spins offers start at
     * once; deposit offers wait, pending, for the next qualifying deposit. Refusals are 400 `type: bonus`.
     */
    async claim(playerId: number, slug: string, idempotencyKey: string, deposit?: { id: string; amount: number }): Promise<PlayerBonus> {
      const id = keyedUuid('bonus', String(playerId), idempotencyKey);
      const earlier = await core.byId(id);
      if (earlier) {
        if (earlier.slug !== slug || earlier.playerId !== playerId) throw idempotencyConflict();
        return core.viewOf(earlier);
      }
      await guardClaim?.(playerId);
      const def = await definitionOr400(slug);
      if (deposit && !isDepositOffer(def.type)) throw bonusProblem('This bonus is not claimed with a deposit.');
      const wageringCap = (await maxWageringFor?.(playerId)) ?? null;
      if (wageringCap !== null && def.wageringMultiplier > wageringCap) {
        throw bonusProblem(`This bonus is not available in your country: its wagering is more than ${wageringCap} times the bonus.`);
      }
      await expireOpen(playerId);
      const open = await core.openBonus(playerId);
      // A deposit for the offer the player already claimed keeps that claim.
      if (deposit && open?.status === 'pending' && open.slug === slug) {
        const reason = await refusal(playerId, def, new Date(), { depositAmount: deposit.amount, pendingOk: true });
        if (reason) throw bonusProblem(reason);
        return core.viewOf(open);
      }
      const reason = await refusal(playerId, def, new Date(), deposit ? { depositAmount: deposit.amount } : {});
      if (reason) throw bonusProblem(reason);
      const granted = await grant(playerId, def, id, { depositId: deposit?.id ?? null });
      void publish('BonusClaimed', { playerId, bonusId: id, offer: slug, at: new Date() });
      return core.viewOf(granted);
    },

    /** A deposit was credited: the player's pending deposit offer activates if the deposit qualifies. */
    async depositCompleted(playerId: number, depositId: string, amount: number): Promise<void> {
      const open = await core.openBonus(playerId);
      if (open?.status !== 'pending' || !isDepositOffer(open.type)) return;
      if (await funding.expireIfDue(open)) return;
      if (amount < open.terms.min_deposit) return;
      await activate(open, bonusForDeposit(open.type as BonusType, open.terms, amount), depositId);
    },

    /** A refund or chargeback took back the deposit an open bonus came with: the bonus goes too (docs/decisions/0104). */
    async depositReversed(playerId: number, depositId: string): Promise<void> {
      const open = await core.openBonus(playerId);
      if (open?.depositId === depositId) await core.end(open, 'forfeited', 'deposit_reversed');
    },

    /**
     * Before a withdrawal: an active bonus is forfeited when the player said so (`forfeit_bonus`), else a 409
     * `type: bonus` tells them it would be. Cash is always withdrawable.
     */
    async beforeWithdrawal(playerId: number, forfeit: boolean): Promise<void> {
      const open = await core.openBonus(playerId);
      if (open?.status !== 'active' || (await funding.expireIfDue(open))) return;
      if (!forfeit) {
        const balance = await core.bonusBalance(playerId);
        throw new Problem(
          409,
          `You have an active bonus (${money(balance)} bonus money). Withdrawing now forfeits it and its bonus money; your cash is not affected. Confirm to withdraw and forfeit the bonus.`,
          { type: 'bonus' },
        );
      }
      await core.end(open, 'forfeited', 'withdrawal');
    },

    /** The player cancels their pending or active bonus (they confirmed in the UI): its money returns to the house. */
    async cancel(playerId: number, id: string): Promise<PlayerBonus> {
      const row = await core.byId(id);
      if (!row || row.playerId !== playerId) throw new Problem(404, 'No bonus with that id.');
      if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) throw bonusProblem('This bonus is no longer active.');
      await core.end(row, 'cancelled', 'cancelled by the player');
      return core.viewOf((await core.byId(id))!);
    },

    /** Forfeits every open bonus of the player (self-exclusion, account closure…); cash is never touched. */
    async forfeitAll(playerId: number, reason: string): Promise<number> {
      let ended = 0;
      for (let row = await core.openBonus(playerId), guard = 0; row && guard < 3; row = await core.openBonus(playerId), guard++) {
        if (await core.end(row, 'forfeited', reason)) ended++;
      }
      return ended;
    },

    /** Ends every open bonus whose time ran out by `at` (the scheduled job's period): safe to repeat. */
    async expireDue(at: Date): Promise<number> {
      const due = await db
        .select()
        .from(playerBonuses)
        .where(and(inArray(playerBonuses.status, [...OPEN_STATUSES]), lte(playerBonuses.expiresAt, at)))
        .limit(500);
      let expired = 0;
      for (const row of due) if (await core.end(row, 'expired', 'time limit reached')) expired++;
      return expired;
    },

    /** The player's bonuses, newest first; an expired one is expired and a finished one converted as it is read. */
    async list(playerId: number): Promise<PlayerBonus[]> {
      const open = await core.openBonus(playerId);
      if (open && !(await funding.expireIfDue(open)) && open.status === 'active') await core.convert(open);
      const rows = await db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId)).orderBy(desc(playerBonuses.createdAt)).limit(100);
      const balance = rows.some((r) => r.status === 'active') ? await core.bonusBalance(playerId) : 0;
      return rows.map((row) => core.view(row, balance));
    },

    // --- operators -------------------------------------------------------------------------------------------
    /** Each player's bonus record: open (pending or active), forfeited and all bonuses ever (the withdrawals queue). */
    async historyCounts(playerIds: number[]): Promise<Map<number, { active: number; forfeited: number; total: number }>> {
      const counts = new Map<number, { active: number; forfeited: number; total: number }>();
      if (playerIds.length === 0) return counts;
      const rows = await db
        .select({ playerId: playerBonuses.playerId, status: playerBonuses.status, n: count() })
        .from(playerBonuses)
        .where(inArray(playerBonuses.playerId, playerIds))
        .groupBy(playerBonuses.playerId, playerBonuses.status);
      for (const row of rows) {
        const entry = counts.get(row.playerId) ?? { active: 0, forfeited: 0, total: 0 };
        const n = Number(row.n);
        entry.total += n;
        if ((OPEN_STATUSES as readonly string[]).includes(row.status)) entry.active += n;
        if (row.status === 'forfeited') entry.forfeited += n;
        counts.set(row.playerId, entry);
      }
      return counts;
    },
    /** Every definition with how many times it has been granted (claims and operators' grants alike). */
    async allDefinitions() {
      const [rows, granted] = await Promise.all([
        definitions.all(),
        db.select({ slug: playerBonuses.slug, n: count() }).from(playerBonuses).groupBy(playerBonuses.slug),
      ]);
      const claims = new Map(granted.map((row) => [row.slug, Number(row.n)]));
      return rows.map((row) => ({ ...toDefinition(row, currency), claims: claims.get(row.slug) ?? 0 }));
    },
    async definition(slug: string, within: Database = db) {
      const [row] = await within.select().from(bonusDefinitions).where(eq(bonusDefinitions.slug, slug));
      return row ? toDefinition(row, currency) : null;
    },
    async createDefinition(input: BonusDefinitionInput, within: Database = db) {
      const row = await definitions.create(input, within);
      if (!row) throw new Problem(409, 'A bonus with that slug already exists.');
      return toDefinition(row, currency);
    },
    /** Changes a definition; bonuses already granted keep the terms they were granted with. */
    async updateDefinition(slug: string, patch: BonusDefinitionPatch, within: Database = db) {
      const row = await definitions.update(slug, patch, within);
      if (!row) throw new Problem(404, 'No bonus with that slug.');
      return toDefinition(row, currency);
    },
    /** An operator grants an offer to a player (eligibility rules aside from one open bonus at a time). */
    async grantByOperator(playerId: number, slug: string): Promise<PlayerBonus> {
      await guardClaim?.(playerId);
      const def = await definitionOr400(slug);
      await expireOpen(playerId);
      return core.viewOf(await grant(playerId, def, keyedUuid('bonus-grant', String(playerId), crypto.randomUUID()), { operator: true }));
    },
  };
}

/** The scheduled expiry of bonuses, keyed by its period (decision 0044). */
export function bonusJobs(bonuses: Pick<BonusesService, 'expireDue'>): ScheduledJob[] {
  return [{ name: 'bonuses:expiry', pattern: BONUS_EXPIRY_PATTERN, run: (period) => bonuses.expireDue(period) }];
}
