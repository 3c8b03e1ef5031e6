import { eq, sql } from 'drizzle-orm';
import { ACTIVATION_TYPES, type ActivationType, type PublicSettings, type RealtimePublicConfig } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { siteSettings } from './schema.ts';

const DEFAULT_ACTIVATION_TYPE: ActivationType = 'email';
// Settings are read on every page and by every client at start, and change a few times a year: they are
// cached per process. A change is forgotten at once on every node through the cache bus (server/cache-bus.ts);
// a node that misses the message catches up within this time.
const SETTINGS_TTL_MS = 5_000;

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({
  db,
  config,
  realtime = () => null,
}: {
  db: Database;
  config: Config;
  /** Where browsers connect for realtime events, once the realtime server is up (null before, or without one). */
  realtime?: () => RealtimePublicConfig | null;
}) {
  let cached: { settings: Readonly<PublicSettings>; loadedAt: number } | undefined;
  async function readSetting(key: string): Promise<string | undefined> {
    const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
    return row?.value;
  }

  async function registrationActivationType(): Promise<ActivationType> {
    const stored = await readSetting('registration_activation_type');
    return ACTIVATION_TYPES.find((type) => type === stored) ?? DEFAULT_ACTIVATION_TYPE;
  }

  /** The MAINTENANCE variable when set (it wins: an infrastructure switch the console cannot undo), else the operators' switch. */
  async function maintenance(): Promise<'true' | 'false'> {
    if (config.maintenanceLocked) return config.maintenance;
    return (await readSetting('maintenance')) === 'true' ? 'true' : 'false';
  }

  async function write(key: string, value: string, within: Database) {
    await within
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
  }

  async function loadPublicSettings(): Promise<PublicSettings> {
    return {
      site_name: config.siteName,
      default_currency: config.defaultCurrency,
      registration_activation_type: await registrationActivationType(),
      maintenance: await maintenance(),
      app_env: config.appEnv,
      public_url: config.publicUrl,
      realtime: realtime(),
      analytics_id: config.analyticsId ?? null,
      support_chat_url: config.supportChatUrl ?? null,
      visitor_trace_url: config.visitorTraceUrl ?? null,
      jurisdictions: config.jurisdictions,
    };
  }

  /** The cached settings while they are fresh, else undefined. */
  const fresh = (now: number): Readonly<PublicSettings> | undefined => (cached && now - cached.loadedAt < SETTINGS_TTL_MS ? cached.settings : undefined);

  return {
    /** The settings if the cache holds them fresh, without waiting (the settings route answers at once with them). */
    freshPublicSettings: (): Readonly<PublicSettings> | undefined => fresh(Date.now()),

    async publicSettings(): Promise<Readonly<PublicSettings>> {
      const now = Date.now();
      const held = fresh(now);
      if (held) return held;
      const settings = await loadPublicSettings();
      // Frozen all the way down (the realtime address is copied): the route keeps the answer it encoded for one
      // settings object for as long as this object is handed out (routes.ts).
      const realtime = settings.realtime && Object.freeze({ ...settings.realtime });
      const frozen = Object.freeze({ ...settings, realtime });
      cached = { settings: frozen, loadedAt: now };
      return frozen;
    },

    /** Forgets the cached settings, e.g. once the realtime server is listening. */
    invalidate(): void {
      cached = undefined;
    },

    async setRegistrationActivationType(type: ActivationType, within: Database = db): Promise<void> {
      await write('registration_activation_type', type, within);
      cached = undefined;
    },

    /** Whether the MAINTENANCE variable decides maintenance (the stored switch is then kept but has no effect). */
    maintenanceLocked: config.maintenanceLocked,

    /** The operators' maintenance switch as stored (what applies once MAINTENANCE is unset). */
    async storedMaintenance(within: Database = db): Promise<'true' | 'false'> {
      const [row] = await within.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, 'maintenance'));
      return row?.value === 'true' ? 'true' : 'false';
    },

    /** Stores the maintenance switch; callers tell every node after commit (cache bus topic `settings`). */
    async setMaintenance(value: 'true' | 'false', within: Database = db): Promise<void> {
      await write('maintenance', value, within);
      cached = undefined;
    },
  };
}
