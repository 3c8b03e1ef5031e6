// Who hears what (issue 27 §1, docs/decisions/0126): every after-effect one module's change has on another, as a
// listener of a domain event on the one in-process bus (server/modules/shared/events.ts for the delivery promise).
// Each event is declared by the module that publishes it (its `events.ts`); each listener is a function of the
// module that reacts, which holds its own rule (which journals, which fields). This file decides only who listens,
// and `scripts/runtime-graph.ts` draws it beside the services in docs/architecture.md.
import type { AccountsService } from './modules/accounts/service.ts';
import type { AccountsEvents } from './modules/accounts/events.ts';
import type { AffiliatesService } from './modules/affiliates/service.ts';
import type { BonusesService } from './modules/bonuses/service.ts';
import type { BonusesEvents } from './modules/bonuses/events.ts';
import type { ClubsService } from './modules/clubs/service.ts';
import type { ComplianceService } from './modules/compliance/service.ts';
import type { CrashEvents } from './modules/crash/events.ts';
import type { GamesEvents } from './modules/games/events.ts';
import type { LedgerEvents } from './modules/ledger/events.ts';
import type { LimitsService } from './modules/limits/service.ts';
import type { LimitsEvents } from './modules/limits/events.ts';
import { bonusNotice, journalNotice, limitNotice } from './modules/notices/money-notices.ts';
import type { NoticesService } from './modules/notices/service.ts';
import type { ScreeningService } from './modules/screening/service.ts';
import type { SignInsService } from './modules/signins/service.ts';
import type { SignInsEvents } from './modules/signins/events.ts';
import type { VerificationService } from './modules/verification/service.ts';
import type { WalletBalances } from './modules/wallet/balances.ts';
import type { EventBus } from './modules/shared/events.ts';

/** Every domain event of the site: each module's own, by name. */
export type DomainEvents = AccountsEvents & BonusesEvents & CrashEvents & GamesEvents & LedgerEvents & LimitsEvents & SignInsEvents;

export type Listeners = {
  currency: string;
  accounts: Pick<AccountsService, 'stopMarketing'>;
  affiliates: Pick<AffiliatesService, 'tracking'>;
  bonuses: Pick<BonusesService, 'forfeitAll'>;
  clubs: Pick<ClubsService, 'afterRound'>;
  compliance: Pick<ComplianceService, 'hear'>;
  limits: Pick<LimitsService, 'applyJurisdictionDefaults'>;
  notices: Pick<NoticesService, 'hear'>;
  screening: Pick<ScreeningService, 'screenPlayer' | 'profileChanged'>;
  signins: Pick<SignInsService, 'tokenActivity' | 'linkAfterRegistration' | 'journalCommitted'>;
  verification: Pick<VerificationService, 'profileChanged'>;
  balances: Pick<WalletBalances, 'committed'>;
};

/** Subscribes every listener, in the order each event's listeners are started. */
export function subscribe(bus: EventBus<DomainEvents>, l: Listeners): void {
  const { currency } = l;

  // Money moved (not a round's own quiet transfers): compliance's rules, the player's notice, the browsers' balance,
  // links by a shared payment instrument, an affiliate's first deposit.
  bus.on('JournalCommitted', ({ journal, playerIds }) => l.compliance.hear.committed(journal, playerIds));
  bus.on('JournalCommitted', ({ journal, playerIds }) => l.notices.hear(journalNotice(journal, playerIds, currency)));
  bus.on('JournalCommitted', (event) => l.balances.committed(event));
  bus.on('JournalCommitted', (event) => l.signins.journalCommitted(event));
  bus.on('JournalCommitted', (event) => l.affiliates.tracking.journalCommitted(event));

  // A new player: compliance hears, the sanctions lists are asked, the jurisdiction's defaults apply (e.g. MGA's
  // reality check, decision 0120), accounts sharing contacts are linked, an affiliate's link is credited.
  bus.on('PlayerRegistered', (player) => l.compliance.hear.registered(player));
  bus.on('PlayerRegistered', (player) => l.screening.screenPlayer(player.id, 'registration'));
  bus.on('PlayerRegistered', (player) => l.limits.applyJurisdictionDefaults(player.id));
  bus.on('PlayerRegistered', (player) => l.signins.linkAfterRegistration(player.id));
  bus.on('PlayerRegistered', (player) => l.affiliates.tracking.attribute(player));

  // Identity fields changed: screened again (decision 0116); a verified player's move asks for a new proof (0121).
  bus.on('ProfileChanged', (change) => l.screening.profileChanged(change));
  bus.on('ProfileChanged', (change) => l.verification.profileChanged(change));

  bus.on('TokenActivity', (activity) => l.signins.tokenActivity(activity));
  bus.on('SignedIn', (signedIn) => l.compliance.hear.signedIn(signedIn));

  // An exclusion stops marketing and forfeits open bonuses (LCCP 3.5; cash is never touched), before it answers.
  bus.on('PlayerExcluded', ({ playerId }) => l.accounts.stopMarketing(playerId));
  bus.on('PlayerExcluded', ({ playerId }) => l.bonuses.forfeitAll(playerId, 'excluded'));

  // A limit took effect: the player's notice (decision 0119); a raise or removal is a marker of harm when it
  // repeats (compliance's limit-increases rule, decision 0115).
  bus.on('LimitChanged', (change) => l.notices.hear(limitNotice(change, currency)));
  bus.on('LimitChanged', (change) => l.compliance.hear.limitChanged(change));

  bus.on('BonusClaimed', (claim) => l.compliance.hear.bonusClaimed(claim));
  bus.on('BonusChanged', ({ playerId, bonus }) => l.notices.hear(bonusNotice(playerId, bonus, currency)));

  // A round moved money: compliance's play rules; a new VIP tier may have been reached (the clubs' pages hear).
  bus.on('RoundSettled', ({ playerId }) => l.compliance.hear.roundPlayed(playerId));
  bus.on('RoundSettled', ({ playerId }) => l.clubs.afterRound(playerId));
}
