import type { SiteServices } from '../contract/site.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createSessionService } from './modules/session/service.ts';
import { createSettingsService } from './modules/settings/service.ts';

export type Services = ReturnType<typeof createServices>;

/** Wires every module's service to its dependencies. The HTTP routes and the SSR loaders share this one set. */
export function createServices({ config, database }: { config: Config; database: DatabaseHandle }) {
  const { db } = database;
  const settings = createSettingsService({ db, config });
  const content = createContentService({ db });
  const catalog = createCatalogService({ db });
  const session = createSessionService();
  const site: SiteServices = {
    publicSettings: settings.publicSettings,
    viewer: session.viewer,
    routeRules: content.routeRules,
    promotions: content.promotions,
    promotion: content.promotion,
    gameCategories: catalog.gameCategories,
    resolveListing: catalog.resolveListing,
  };
  return { config, database, settings, content, catalog, session, site };
}
