import type { FastifyBaseLogger } from 'fastify';
import type { SiteServices } from '../contract/site.ts';
import { loggedPath } from './logging.ts';
import type { AffiliatesService } from './modules/affiliates/service.ts';
import type { BonusesService } from './modules/bonuses/service.ts';
import type { CatalogService } from './modules/catalog/service.ts';
import type { ClubsService } from './modules/clubs/service.ts';
import type { ContentService } from './modules/content/service.ts';
import type { GamesService } from './modules/games/service.ts';
import { playClosedOf } from './modules/limits/play-closed.ts';
import type { LimitsService } from './modules/limits/service.ts';
import type { MessagesService } from './modules/messages/service.ts';
import type { ProvidersService } from './modules/providers/service.ts';
import type { SessionService } from './modules/session/service.ts';
import type { SettingsService } from './modules/settings/service.ts';
import type { WalletService } from './modules/wallet/service.ts';

// What the site's pages read on the server (contract/site.ts): each answer from the module that owns it.

export function createSiteServices({
  settings,
  session,
  content,
  catalog,
  games,
  wallet,
  messages,
  limits,
  bonuses,
  providers,
  clubs,
  affiliates,
  logger,
}: {
  settings: SettingsService;
  session: SessionService;
  content: ContentService;
  catalog: CatalogService;
  games: GamesService;
  wallet: WalletService;
  messages: MessagesService;
  limits: LimitsService;
  bonuses: BonusesService;
  providers: ProvidersService;
  clubs: ClubsService;
  affiliates: AffiliatesService;
  logger?: FastifyBaseLogger;
}): SiteServices {
  return {
    publicSettings: settings.publicSettings,
    viewer: session.viewer,
    routeRules: content.routeRules,
    promotions: content.promotions,
    promotion: content.promotion,
    pageOverride: content.pageOverride,
    gameCategories: catalog.gameCategories,
    gameProviders: catalog.gameProviders,
    resolveListing: catalog.resolveListing,
    games: catalog.games,
    game: catalog.game,
    favouriteGames: (playerId) => games.favourites.list(Number(playerId)),
    wallet: (playerId) => wallet.wallet(Number(playerId)),
    inbox: (playerId) => messages.inbox(Number(playerId)),
    unreadMessages: (playerId) => messages.unread(Number(playerId)),
    transactions: (playerId, { page, perPage, ...filters }) => wallet.transactions(Number(playerId), filters, { page, perPage }),
    playClosed: (playerId) => playClosedOf(limits, Number(playerId)),
    bonusOffers: (playerId) => bonuses.offers(playerId === null ? null : Number(playerId)),
    bonusOffer: (playerId, slug) => bonuses.offer(playerId === null ? null : Number(playerId), slug),
    playerBonuses: (playerId) => bonuses.list(Number(playerId)),
    freeRounds: (playerId) => providers.freeRounds.forPlayer(Number(playerId)),
    loyalty: (playerId, { page, perPage }) => clubs.loyalty(Number(playerId), { page, perPage }),
    vip: (playerId) => clubs.vip(Number(playerId)),
    recordAffiliateClick: ({ ip, ...click }) => affiliates.tracking.recordClick({ ...click, ip: ip ?? '' }),
    reportError: (error, path) => logger?.error({ err: error, url: loggedPath(path) }, 'page failed'),
    reportRefused: ({ method, path, status }) => logger?.info({ method, url: loggedPath(path), statusCode: status }, 'page request refused'),
  };
}
