import { eq, sql } from 'drizzle-orm';
import { ACTIVATION_TYPES, type ActivationType, type PublicSettings } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { siteSettings } from './schema.ts';

const DEFAULT_ACTIVATION_TYPE: ActivationType = 'email';

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({ db, config }: { db: Database; config: Config }) {
  async function readSetting(key: string): Promise<string | undefined> {
    const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
    return row?.value;
  }

  async function registrationActivationType(): Promise<ActivationType> {
    const stored = await readSetting('registration_activation_type');
    return ACTIVATION_TYPES.find((type) => type === stored) ?? DEFAULT_ACTIVATION_TYPE;
  }

  return {
    async publicSettings(): Promise<PublicSettings> {
      return {
        site_name: config.siteName,
        default_currency: config.defaultCurrency,
        registration_activation_type: await registrationActivationType(),
        maintenance: config.maintenance,
        app_env: config.appEnv,
        public_url: config.publicUrl,
        realtime: null,
      };
    },

    async setRegistrationActivationType(type: ActivationType): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key: 'registration_activation_type', value: type })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: type, updatedAt: sql`now()` } });
    },
  };
}
