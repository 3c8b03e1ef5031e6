import { randomBytes } from 'node:crypto';
import { createBonusesService } from '../modules/bonuses/service.ts';
import { DEFAULT_CRASH_TIMINGS } from '../modules/crash/loop.ts';
import { createCrashService } from '../modules/crash/service.ts';
import { CRASH_CHANNEL } from '../../contract/crash.ts';
import { createGamesService } from '../modules/games/service.ts';
import { CHAIN_DEPOSIT_EVENT } from '../../contract/chain.rules.ts';
import { createChainRail, EVM_GATEWAY_ID, ONCHAIN_METHOD } from '../modules/payments/chain/rail.ts';
import { createOnchainWithdrawals } from '../modules/payments/chain/payouts.ts';
import { createRateTable } from '../modules/payments/chain/rates.ts';
import { createPaymentsService } from '../modules/payments/service.ts';
import { createDuplicateFlags } from '../modules/signins/duplicates.ts';
import { createProvidersService } from '../modules/providers/service.ts';
import { createPaymentStatements } from '../modules/payments/statements.ts';
import { sharedSecret } from '../shared-secrets.ts';
import { createSandboxGateway } from '../modules/sandbox-gateway/service.ts';
import { createPaymentGateways } from '../modules/payments/gateways/registry.ts';
import { createWalletService } from '../modules/wallet/service.ts';
import { createWalletBalances } from '../modules/wallet/balances.ts';
import type { PlatformServices } from './platform.ts';

export type MoneyServices = ReturnType<typeof moneyServices>;

export function moneyServices(platform: PlatformServices) {
  const {
    config,
    logger,
    db,
    bus,
    events,
    broadcasting,
    settings,
    catalog,
    cacheBus,
    jurisdictions,
    accounts,
    currency,
    ledger,
    compliance,
    limits,
    verification,
    clubs,
  } = platform;
  // Bonuses (docs/decisions/0050): a game's contribution goes by its catalog category; first-deposit offers read the
  // payments' own totals; a claim during a time-out or self-exclusion is refused (docs/decisions/0055).
  const paymentTotals = createPaymentStatements({ db, currency });
  // Accounts staff flagged as duplicates claim no bonus and earn their affiliate nothing (issue 33 §3, decision 0112).
  const duplicates = createDuplicateFlags(db);
  const bonuses = createBonusesService({
    db,
    ledger,
    events,
    currency,
    appEnv: config.appEnv,
    maxWagering: config.bonusMaxWagering,
    categoryOf: catalog.categoryOf,
    // An operator's per-game share of that contribution (aggregators' games, docs/decisions/0100).
    weightOf: catalog.providerGames.wageringWeight,
    hasDeposited: async (playerId) => (await paymentTotals.totals(playerId)).hasDeposited,
    guardClaim: async (playerId) => {
      await limits.assertMayPlay(playerId);
      await duplicates.assertMayClaimBonus(playerId);
    },
    maxWageringFor: async (playerId) => jurisdictions.rulesFor(await accounts.countryOf(playerId)).bonusMaxWagering,
    publish: bus.publish,
  });
  // Off, the sandbox does not exist: no methods, no hosted pages, no webhook (docs/decisions/0022).
  const sandboxGateway = config.paymentsSandbox ? createSandboxGateway({ db, secret: sharedSecret(config, 'payments-sandbox'), logger }) : undefined;
  // The adapters configuration turns on (PAYMENT_GATEWAYS, docs/decisions/0104); the sandbox is one of them.
  const paymentGateways = createPaymentGateways(config.paymentGateways, { sandbox: sandboxGateway });
  // On-chain withdrawals, paid by the separate signer process (docs/decisions/0123): the web server holds no key.
  const chainWithdrawals = config.chain
    ? createOnchainWithdrawals({ db, ledger, chain: config.chain, currency, rates: createRateTable({ db }), logger })
    : undefined;
  const payments = createPaymentsService({
    db,
    ledger,
    gateways: paymentGateways,
    currency,
    kycStatusOf: verification.statusOf,
    bonuses,
    depositLimits: limits,
    withdrawalPolicyOf: clubs.withdrawalPolicy,
    compliance: { withdrawalHold: compliance.withdrawalHold, withdrawalRequested: compliance.hear.withdrawalRequested },
    onchain: chainWithdrawals,
  });
  // The on-chain crypto rail (docs/decisions/0109): when CHAIN_* are set, a watcher credits deposits through payments.
  const chainRail = config.chain
    ? createChainRail({
        db,
        chain: config.chain,
        currency,
        credit: (input) => payments.creditOnChain({ ...input, method: ONCHAIN_METHOD, gateway: EVM_GATEWAY_ID }),
        publish: (playerId, view) => events.publish(playerId, CHAIN_DEPOSIT_EVENT, { deposit: view }),
        logger,
        withdrawals: chainWithdrawals,
      })
    : undefined;
  // The wallet's summary and BalanceUpdated: after a round, once, with the balance it answers (decision 0045).
  const balances = createWalletBalances({ db, ledger, payments, currency, events, bonusAfterRound: bonuses.funding.afterRound, logger });
  const games = createGamesService({
    db,
    ledger,
    catalog,
    currency,
    funding: bonuses.funding,
    announceBalance: balances.afterRound,
    publish: bus.publish,
    guardStake: limits.guardStake,
    // Points are earned in the stake's own transaction (decision 0065).
    onStake: (tx, stake) => clubs.earnPoints(tx, stake).then(() => undefined),
    // An instant round's own statement carries its stake toward points; whole points are made after (decision 0091).
    carry: {
      slots: (engine) => clubs.carry.slots(engine),
      // A failure leaves the whole points in the carry, for the category's next stake to make (decision 0091).
      convert: (stake, carried) =>
        clubs.carry
          .convert(stake, carried)
          .catch((error: unknown) => logger?.warn({ err: error, playerId: stake.playerId }, 'loyalty points from the carry failed')),
    },
  });
  // Shared crash rounds: any node takes bets and cash-outs; the lease holder runs the rounds (decision 0071).
  const crash = createCrashService({
    db,
    ledger,
    catalog,
    currency,
    nodeId: `${process.pid}-${randomBytes(4).toString('hex')}`,
    timings: { ...DEFAULT_CRASH_TIMINGS, ...config.crash },
    publish: (name, data) => broadcasting.publishPublic(CRASH_CHANNEL, name, data),
    announceBalance: balances.announce,
    publishEvent: bus.publish,
    onError: (error) => logger?.error({ err: error }, 'crash round loop failed'),
    guardBet: (playerId, stake) => limits.guardStake(playerId, { stake, engine: 'crash', field: 'stake' }),
    onStake: (tx, stake) => clubs.earnPoints(tx, stake).then(() => undefined),
    // A bet refunded after an interrupted round takes back the points its stake earned (issue 29's loose ends).
    onRefund: (tx, stake) => clubs.givePointsBack(tx, stake),
  });
  // The wallet owns no table: it reads the payments' and the ledger's rows through their services; bets and wins
  // name their game, which the house rounds' and the crash bets' modules answer.
  const wallet = createWalletService({
    db,
    ledger,
    payments,
    balances,
    gameNames: async (ids) => {
      const [rounds, bets] = await Promise.all([games.roundGameNames(ids), crash.betGameNames(ids)]);
      return new Map([...rounds, ...bets]);
    },
  });
  // Aggregators' games (Hub88 first, docs/decisions/0096): stakes funded, guarded, earning and announced as ours are.
  const providers = createProvidersService({
    db,
    ledger,
    currency,
    logger,
    // Hub88's game codes name the catalogue's Hub88 games, switched on and still listed (docs/decisions/0100).
    games: { gameOf: (gameCode) => catalog.providerGames.offered('hub88', gameCode) },
    catalogue: {
      sync: (source, listings) => catalog.providerGames.sync(source, listings, { enableNew: config.hub88?.newGamesOn ?? false }),
      launchable: catalog.providerGames.launchable,
      byCodes: catalog.providerGames.byCodes,
    },
    gate: { underMaintenance: async () => (await settings.publicSettings()).maintenance === 'true', assertMayPlay: limits.assertMayPlay },
    hub88: config.hub88,
    publicUrl: config.publicUrl,
    sessionsEnded: () => cacheBus.changed('provider-sessions'),
    players: {
      profile: async (playerId) => {
        const player = await accounts.adminPlayerProfile(playerId);
        return player && { birthDate: player.birthdate, country: player.country, registeredAt: new Date(player.created_at) };
      },
    },
    stakes: limits,
    funding: bonuses.funding,
    loyalty: clubs,
    balances: {
      balanceOf: async (playerId) => (await balances.wallet(playerId)).balance,
      announce: balances.announce,
    },
  });
  // A bonus's free spins on a Hub88 game are Hub88's free rounds (Freebets API, docs/decisions/0100).
  bonuses.onFreeSpins(providers.freeRounds.forBonus);
  // Game session tokens are kept per process (docs/decisions/0096): ended on one node, forgotten on all.
  cacheBus.on('provider-sessions', providers.forgetSessions);
  return {
    paymentTotals,
    duplicates,
    bonuses,
    sandboxGateway,
    paymentGateways,
    chainWithdrawals,
    payments,
    chainRail,
    balances,
    games,
    crash,
    wallet,
    providers,
  };
}
