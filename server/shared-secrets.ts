import type { Config } from './config.ts';
import { loadOrCreateLocalSecret } from './local-secret.ts';
import type { RealtimeApp } from './realtime/server.ts';

/**
 * The secrets every node of one database must share, because what one node seals or signs another reads: staff
 * TOTP secrets and identity documents are sealed at rest, device cookies, sandbox webhooks and affiliate visitor
 * keys are signed, realtime channel auth is signed. Each is the configured variable, else a value generated once
 * into DATA_DIR/secrets/ (a development install on one machine). A start checks them against the database
 * (modules/cluster/secret-fingerprints.ts, docs/decisions/0110-shared-secrets.md).
 */
const LOCAL_SECRETS = {
  'totp-encryption-key': { variable: 'TOTP_ENCRYPTION_KEY', configured: (config: Config) => config.totpEncryptionKey },
  'kyc-encryption-key': { variable: 'KYC_ENCRYPTION_KEY', configured: (config: Config) => config.kyc.encryptionKey },
  'device-cookies': { variable: 'DEVICE_COOKIE_SECRET', configured: (config: Config) => config.deviceCookieSecret },
  'payments-sandbox': { variable: 'PAYMENTS_SANDBOX_SECRET', configured: (config: Config) => config.paymentsSandboxSecret },
  'affiliate-secret': { variable: 'AFFILIATE_SECRET', configured: (config: Config) => config.affiliateSecret },
} as const satisfies Record<string, { variable: string; configured: (config: Config) => string | undefined }>;

export type LocalSecretName = keyof typeof LOCAL_SECRETS;

/** The value of one shared secret: its variable when set, else the one generated into DATA_DIR/secrets/{name}. */
export function sharedSecret(config: Config, name: LocalSecretName): string {
  return LOCAL_SECRETS[name].configured(config) ?? loadOrCreateLocalSecret(config.dataDir, name);
}

export type SharedSecret = { name: string; variable: string; value: string };

/** Every shared secret of this node, with the variable(s) an operator sets to change it. */
export function sharedSecrets(config: Config, realtime: RealtimeApp): SharedSecret[] {
  const local = (Object.keys(LOCAL_SECRETS) as LocalSecretName[]).map((name) => ({
    name,
    variable: LOCAL_SECRETS[name].variable,
    value: sharedSecret(config, name),
  }));
  return [
    ...local,
    {
      name: 'realtime-app',
      variable: 'REALTIME_APP_ID, REALTIME_KEY, REALTIME_SECRET and REALTIME_ENCRYPTION_MASTER_KEY',
      // The master key, when unset, is derived from the secret (modules/broadcasting/service.ts).
      value: `${realtime.id}:${realtime.key}:${realtime.secret}:${config.realtime.encryptionMasterKey ?? ''}`,
    },
  ];
}
