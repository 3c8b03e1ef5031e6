import type { KeyObject } from 'node:crypto';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import { createBets } from './bets.ts';
import { createProviderConsole } from './console.ts';
import { createFreeRounds } from './freebets.ts';
import { createHub88OperatorClient } from './hub88/operator-client.ts';
import { HUB88 } from './hub88/protocol.ts';
import { createInstantTransactions } from './instant.ts';
import { createLaunches } from './launch.ts';
import { createMoneyHelpers, type Outcome, type WalletDependencies } from './money.ts';
import type { LaunchGate, ProviderCatalogue } from './ports.ts';
import { createProviderSessions } from './sessions.ts';
import { createSettlements } from './settlements.ts';
import { createProviderStore } from './store.ts';
import { createCallRecorder, createCatalogueSync, SYNC_PATTERN } from './sync.ts';
import { createProviderReport, createProviderTotals } from './totals.ts';

// Game aggregators' seamless wallets (issue 29, docs/decisions/0096-hub88-seamless-wallet.md): who a call is
// about (sessions.ts), their stakes (bets.ts), what pays them back (settlements.ts), and what they add to the limits'
// totals (totals.ts). Every rule lives in this module; other modules are reached through the ports (ports.ts).

export type { BetRequest } from './bets.ts';
export type { Outcome, Refusal } from './money.ts';
export type { RollbackRequest, WinRequest } from './settlements.ts';
export { createProviderTotals, type ProviderGameReport } from './totals.ts';
export { TOKEN_IDLE_MS, TOKEN_LIFETIME_MS } from './sessions.ts';

export type { FreeRounds, FreeRoundsGrant } from './freebets.ts';
export type { LaunchRequest } from './launch.ts';
export { platformOf } from './hub88/operator-client.ts';

export type ProvidersService = ReturnType<typeof createProvidersService>;

/** Hub88's settings (server/config.ts `hub88`); absent, the aggregator's games cannot be launched or synced. */
export type Hub88Settings = { operatorId: number; apiUrl: string; privateKey: KeyObject | string; subPartnerId?: string };

export function createProvidersService(
  dependencies: Omit<WalletDependencies, 'sessions' | 'store' | 'instant'> & {
    now?: () => Date;
    hub88?: Hub88Settings;
    catalogue: ProviderCatalogue;
    gate: LaunchGate;
    /** The site's address: the game's lobby and deposit buttons lead back to it. */
    publicUrl: string;
    /** How long we wait for Hub88's Operator API. */
    operatorTimeoutMs?: number;
    /** Tells every node that game sessions ended, so none keeps taking bets on them (the cache bus); here at once. */
    sessionsEnded?: () => Promise<void>;
  },
) {
  const { db, players, balances, hub88, catalogue, logger } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const sessions = createProviderSessions({ db, now });
  const wallet: WalletDependencies = {
    ...dependencies,
    sessions,
    store: createProviderStore(db),
    instant: createInstantTransactions({ db, ledger: dependencies.ledger }),
  };
  const money = createMoneyHelpers(wallet);
  const settlements = createSettlements(wallet, money);
  const bet = createBets(wallet, money, (row, final) => settlements.reverse(row, final));
  const client =
    hub88 &&
    createHub88OperatorClient({
      apiUrl: hub88.apiUrl,
      operatorId: hub88.operatorId,
      privateKey: hub88.privateKey,
      subPartnerId: hub88.subPartnerId,
      timeoutMs: dependencies.operatorTimeoutMs,
      onCall: createCallRecorder({ db, provider: HUB88, now, logger }),
    });
  const catalogueSync = createCatalogueSync({ db, provider: HUB88, client, catalogue, now, logger });
  const launches = createLaunches({
    provider: HUB88,
    client,
    catalogue,
    gate: dependencies.gate,
    players,
    sessions,
    currency: dependencies.currency,
    publicUrl: dependencies.publicUrl,
  });
  const freeRounds = createFreeRounds({ db, provider: HUB88, client, catalogue, sessions, currency: dependencies.currency, logger });
  const operations = createProviderConsole({ db, provider: HUB88, now });

  return {
    /**
     * A session token for a game launch: the player plays `gameCode` in `currency` with it. `user` is the player's
     * reference at the aggregator; the token's plaintext is returned once. Good for 30 minutes after its last use,
     * at most a day (sessions.ts).
     */
    createLaunchToken: (playerId: number, gameCode: string, currency: string, provider: string = HUB88) =>
      sessions.createLaunchToken(provider, playerId, gameCode, currency),

    /**
     * Ends the player's game sessions (revokes their tokens): no bet is taken on them from now on, on any node; the
     * aggregator's wins and rollbacks still come, as they must. The one way to cut a token short: the table is never
     * written around it, since every node keeps the sessions it reads.
     */
    async endSessions(playerId: number, provider: string = HUB88): Promise<void> {
      await sessions.end(provider, playerId);
      if (dependencies.sessionsEnded) await dependencies.sessionsEnded();
      else sessions.forget();
    },

    /** Forgets the game sessions this process keeps (the cache bus's `provider-sessions`). */
    forgetSessions: () => sessions.forget(),

    /** The reference the aggregator knows the player by (made on first use). */
    userReference: (playerId: number, provider: string = HUB88) => sessions.referenceOf(provider, playerId),

    /** The player behind a reference, with what the aggregator may be told about them; null for none. */
    async info(provider: string, user: string) {
      const playerId = await sessions.playerOf(provider, user);
      if (playerId === null) return null;
      const profile = await players.profile(playerId);
      return profile && { player: { id: playerId, reference: user }, profile };
    },

    /** The player's balance; with a token, only while it is theirs and good (its use keeps it good). */
    async balance(provider: string, { user, token }: { user: string; token?: string | null }): Promise<Outcome> {
      const playerId = await sessions.playerOf(provider, user);
      if (playerId === null) return { outcome: 'unknown_user', player: null, balance: null };
      if (token) {
        const session = await sessions.session(provider, token);
        if (!session || session.playerId !== playerId) return { outcome: 'invalid_token', player: null, balance: null };
        if (session.expired) return { outcome: 'token_expired', player: null, balance: null };
        await sessions.touch(session);
      }
      return { outcome: 'ok', player: { id: playerId, reference: user }, balance: await balances.balanceOf(playerId) };
    },

    bet,
    win: settlements.win,
    rollback: settlements.rollback,

    /** Stakes and wins on aggregators' games since each instant (for the limits). */
    totals: createProviderTotals(db),

    /** Per aggregator's game over [from, to): stakes, wins, GGR and RTP in percent (the back office's report). */
    report: createProviderReport(db),

    /** Rounds still open `minutes` after their last transaction, oldest first: the ones to reconcile. */
    openRounds: (minutes: number) => wallet.store.openRounds(new Date(Date.now() - minutes * 60_000)),

    /** Whether Hub88 is configured: its games can be launched and its list synced. */
    configured: client !== undefined,

    /** The page to frame for a game (launch.ts): the guards, then Hub88's game/url. */
    launch: launches.launch,

    /** Hub88's game list into the catalogue (sync.ts); `operator` with the staff member who asked. */
    syncGames: (trigger: 'schedule' | 'operator', staffId: number | null = null) => catalogueSync.sync(trigger, staffId),

    /** Free rounds on Hub88's games through its Freebets API (freebets.ts). */
    freeRounds,

    /** The console's reads: the connection's health and the reconciliation (console.ts). */
    operations,

    /** The hourly sync of Hub88's game list (with the week's call log pruned), when Hub88 is configured. */
    jobs: (client
      ? [
          {
            name: 'providers:hub88-sync',
            pattern: SYNC_PATTERN,
            run: async () => {
              await catalogueSync.pruneCalls();
              return catalogueSync.sync('schedule');
            },
          },
        ]
      : []) as ScheduledJob[],
  };
}
