import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseServerList } from './db/hosts.ts';
import { type ChainConfig, chainConfigOf, chainEnvironment, checkChainEnvironment } from './config-chain.ts';
import { type ComplianceConfig, complianceConfigOf, licenceEnvironment, recordsEnvironment } from './config-compliance.ts';
import { type CrashConfig, checkCrashEnvironment, crashConfigOf, crashEnvironment } from './config-crash.ts';
import { booleanString, commaList, port, url } from './config-fields.ts';
import { checkHub88Environment, type Hub88Config, hub88ConfigOf, hub88Environment } from './config-hub88.ts';
import { checkRealtimeEnvironment, type RealtimeConfig, realtimeConfigOf, realtimeEnvironment } from './config-realtime.ts';
import { canonicalTotpSecret, totpSecretProblem } from './totp-secret.ts';
import { parseTrustProxy, type TrustProxy } from './trusted-proxy.ts';

/** OWASP's minimum for argon2id: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_MINIMUM = { memoryKib: 19_456, timeCost: 2 } as const;

// Every environment variable the server reads is parsed here and nowhere else (DESIGN.md).
/** The payment gateway adapters configuration may name (server/modules/payments/gateways/registry.ts builds them). */
const PAYMENT_GATEWAY_IDS = ['sandbox'] as const;

const environmentSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    // One server, or a primary and its standbys as libpq writes them (h1:5432,h2:5432 and target_session_attrs).
    DATABASE_URL: z
      .string()
      .superRefine((value, context) => {
        try {
          parseServerList(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message });
        }
      })
      .optional(),
    /** Where embedded PGlite runs when DATABASE_URL is unset: its own thread, or the server's (decision 0098). */
    EMBEDDED_DB: z.enum(['worker', 'inline'], { message: 'must be worker or inline' }).default('worker'),
    REDIS_URL: url(['redis:', 'rediss:']).optional(),
    ...realtimeEnvironment,
    ...crashEnvironment,
    APP_ENV: z
      .enum(['development', 'staging', 'production'], {
        message: 'must be development, staging or production',
      })
      .default('development'),
    PUBLIC_URL: url(['http:', 'https:']).optional(),
    SMTP_URL: url(['smtp:', 'smtps:']).optional(),
    MAINTENANCE: booleanString.optional(),
    /** `off` renders every guest's page per request instead of from the guest page cache (decision 0097). */
    PAGE_CACHE: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    SITE_NAME: z.string().min(1, 'must not be empty').max(60, 'must be at most 60 characters').default('Croupier'),
    DEFAULT_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')
      .default('EUR'),
    BONUS_MAX_WAGERING: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(100, 'must be at most 100').default(10),
    ANALYTICS_ID: z
      .string()
      .regex(/^[A-Z0-9-]{4,32}$/, 'must be a tag manager id such as GTM-ABC123')
      .optional(),
    SUPPORT_CHAT_URL: url(['https:', 'http:']).optional(),
    VISITOR_TRACE_URL: url(['https:', 'http:']).optional(),
    SHUTDOWN_GRACE_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(0).max(600_000).default(10_000),
    DRAIN_DELAY_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(0),
    // The Prometheus scraper's bearer token for GET /metrics (server/metrics.ts); unset, the endpoint does not exist.
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 printable characters without spaces')
      .optional(),
    OPERATOR_EMAIL: z.email({ message: 'must be an e-mail address' }).max(254, 'must be at most 254 characters').optional(),
    OPERATOR_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128, 'must be at most 128 characters').optional(),
    // Exactly what otplib takes, or the first operator could never sign in (server/totp-secret.ts).
    OPERATOR_TOTP_SECRET: z
      .string()
      .transform((value, context) => {
        const problem = totpSecretProblem(value);
        if (!problem) return canonicalTotpSecret(value);
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      })
      .optional(),
    /** Withdrawals above this many minor units need a second staff member's approval (decision 0083). */
    FOUR_EYES_THRESHOLD: z.coerce.number({ message: 'must be an amount in minor units' }).int().min(0).default(100_000),
    SMS_PROVIDER_URL: url(['http:', 'https:']).optional(),
    SMS_PROVIDER_TOKEN: z.string().max(1000, 'must be at most 1000 characters').optional(),
    MAIL_FROM: z
      .string()
      .max(200, 'must be at most 200 characters')
      .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, "must be an address such as 'Croupier <no-reply@casino.example>'")
      .optional(),
    ARGON2_MEMORY_KIB: z.coerce
      .number({ message: 'must be a number of KiB' })
      .int('must be a whole number')
      .min(1024, 'must be at least 1024')
      .max(4_194_304, 'must be at most 4194304')
      .default(ARGON2_MINIMUM.memoryKib),
    ARGON2_TIME_COST: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(20, 'must be at most 20')
      .default(ARGON2_MINIMUM.timeCost),
    ...licenceEnvironment,
    PAYMENTS_SANDBOX: booleanString.optional(),
    /** The payment gateway adapters that are on, by id (docs/decisions/0104); `sandbox` is the only one so far. */
    PAYMENT_GATEWAYS: commaList
      .refine((items) => items.every((item) => (PAYMENT_GATEWAY_IDS as readonly string[]).includes(item)), {
        message: `must be a comma-separated list of ${PAYMENT_GATEWAY_IDS.join(', ')}`,
      })
      .optional(),
    PAYMENTS_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').max(256, 'must be at most 256 characters').optional(),
    DEVICE_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').max(256, 'must be at most 256 characters').optional(),
    AFFILIATE_SECRET: z.string().min(32, 'must be at least 32 characters').max(256, 'must be at most 256 characters').optional(),
    KYC_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a 256-bit key)')
      .optional(),
    TOTP_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a 256-bit key)')
      .optional(),
    ...recordsEnvironment,
    RATE_LIMIT_ALLOWLIST: commaList
      .refine((items) => items.every((item) => isIP(item) !== 0), { message: 'must be a comma-separated list of IP addresses' })
      .optional(),
    TRUST_PROXY: z
      .string()
      .transform((value, context) => {
        const parsed = parseTrustProxy(value);
        if ('problem' in parsed) {
          context.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    // The Hub88 seamless wallet (docs/decisions/0096): all four set turns the adapter on, none leaves it off.
    ...hub88Environment,
    // The on-chain crypto rail (docs/decisions/0109): all of CHAIN_RPC_URL, CHAIN_ID, CHAIN_TOKENS, CHAIN_DEPOSIT_XPUB, or none.
    ...chainEnvironment,
  })
  .superRefine((e, context) => {
    checkCrashEnvironment(e, context);
    checkChainEnvironment(e, context);
    checkHub88Environment(e, context);
    checkRealtimeEnvironment(e, context);
    if ((e.OPERATOR_EMAIL === undefined) !== (e.OPERATOR_PASSWORD === undefined)) {
      const missing = e.OPERATOR_EMAIL === undefined ? 'OPERATOR_EMAIL' : 'OPERATOR_PASSWORD';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `must be set together with ${missing === 'OPERATOR_EMAIL' ? 'OPERATOR_PASSWORD' : 'OPERATOR_EMAIL'}`,
      });
    }
    // Cheaper hashing is for test runs only: production always meets OWASP's argon2id minimum.
    if (e.APP_ENV === 'production' && e.ARGON2_MEMORY_KIB < ARGON2_MINIMUM.memoryKib) {
      context.addIssue({ code: 'custom', path: ['ARGON2_MEMORY_KIB'], message: `must be at least ${ARGON2_MINIMUM.memoryKib} in production` });
    }
    if (e.APP_ENV === 'production' && e.ARGON2_TIME_COST < ARGON2_MINIMUM.timeCost) {
      context.addIssue({ code: 'custom', path: ['ARGON2_TIME_COST'], message: `must be at least ${ARGON2_MINIMUM.timeCost} in production` });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Without DATABASE_URL: PGlite in a thread of its own (`worker`) or in the server's event loop (`inline`). */
  embeddedDb: 'worker' | 'inline';
  redisUrl: string | undefined;
  realtimePort: number;
  realtime: RealtimeConfig;
  crash: CrashConfig;
  /** Whose `X-Forwarded-For` is believed, for the HTTP server and the realtime server alike; off unless set. */
  trustProxy: TrustProxy;
  appEnv: 'development' | 'staging' | 'production';
  publicUrl: string;
  smtpUrl: string | undefined;
  /** The MAINTENANCE variable, 'false' when unset; when set it overrides the operators' switch (maintenanceLocked). */
  maintenance: 'true' | 'false';
  /** MAINTENANCE is set: the console's maintenance switch is shown but cannot change what the site does. */
  maintenanceLocked: boolean;
  /** Guests' public pages come from the page cache (server/http/page-cache.ts); PAGE_CACHE=off turns it off. */
  pageCache: boolean;
  logLevel: string;
  siteName: string;
  defaultCurrency: string;
  /** The most wagering a bonus may ask for, as a multiple of the bonus (UKGC LCCP SR 5.1.1: 10). */
  bonusMaxWagering: number;
  shutdownGraceMs: number;
  /** After SIGTERM, how long readiness answers 503 before the listener closes (the balancer's check interval × fall). */
  drainDelayMs: number;
  analyticsId: string | undefined;
  supportChatUrl: string | undefined;
  visitorTraceUrl: string | undefined;
  /** Made sure to exist at start when both are set. */
  operator: { email: string; password: string; totpSecret?: string } | undefined;
  /** Staff TOTP secrets are sealed at rest under this (64 hex); generated into DATA_DIR/secrets/ when unset. */
  totpEncryptionKey: string | undefined;
  /** Withdrawals above this (minor units) need two staff approvals; FOUR_EYES_THRESHOLD, default 1,000.00. */
  fourEyesThreshold: number;
  /** The bearer token GET /metrics asks for; undefined: no metrics endpoint. */
  metricsToken: string | undefined;
  smsProvider: { url: string; token: string | undefined } | undefined;
  mailFrom: string;
  argon2: { memoryKib: number; timeCost: number };
  /** IPs exempt from the per-IP rate limits (per-account limits still apply). */
  rateLimitAllowlist: string[];
  /** Signs the sandbox gateway's webhooks; generated once into DATA_DIR when unset. */
  paymentsSandboxSecret: string | undefined;
  /** The sandbox gateway and its methods exist at all: on outside production unless PAYMENTS_SANDBOX says otherwise. */
  paymentsSandbox: boolean;
  /** The payment gateway adapters that are on (PAYMENT_GATEWAYS; by default the sandbox when it exists), in order. */
  paymentGateways: string[];
  /** The on-chain crypto rail (docs/decisions/0109); undefined when CHAIN_* are unset. */
  chain: ChainConfig | undefined;
  /** Signs login device cookies; generated once into DATA_DIR when unset (docs/decisions/0012). */
  deviceCookieSecret: string | undefined;
  /** Keys affiliates' visitor hashes and pseudonymous player refs (decision 0107); generated once into DATA_DIR when unset. */
  affiliateSecret: string | undefined;
  hub88: Hub88Config;
} & ComplianceConfig;

// Never echoed back in an error message: it would end up in logs.
const SECRET_VARIABLES = new Set([
  'OPERATOR_PASSWORD',
  'SIGNER_SECRET',
  'OPERATOR_TOTP_SECRET',
  'SMS_PROVIDER_TOKEN',
  'PAYMENTS_SANDBOX_SECRET',
  'REALTIME_SECRET',
  'REALTIME_ENCRYPTION_MASTER_KEY',
  'DEVICE_COOKIE_SECRET',
  'AFFILIATE_SECRET',
  'KYC_ENCRYPTION_KEY',
  'KYC_S3_URL',
  'TOTP_ENCRYPTION_KEY',
  'CRASH_CHAIN_SEED',
  'HUB88_PRIVATE_KEY',
  // Not secret, but an xprv pasted here by mistake would be; and an xpub tells who paid the casino.
  'CHAIN_DEPOSIT_XPUB',
  // Providers' RPC URLs often carry an API key in their path.
  'CHAIN_RPC_URL',
  // Not secret, but a private key pasted here by mistake would be.
  'HUB88_PUBLIC_KEY',
]);

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment; throws ConfigError naming every bad variable and why. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in environmentSchema.shape && value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const shown = SECRET_VARIABLES.has(name) && present[name] !== undefined ? '(hidden)' : JSON.stringify(present[name] ?? '');
        return `${issue.path.join('.')}=${shown} ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Sandbox money is free money: production has it only when the operator asks for it by name.
  const paymentsSandbox = e.PAYMENTS_SANDBOX === undefined ? e.APP_ENV !== 'production' : e.PAYMENTS_SANDBOX === 'true';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedDb: e.EMBEDDED_DB,
    redisUrl: e.REDIS_URL,
    realtimePort: e.REALTIME_PORT,
    realtime: realtimeConfigOf(e),
    crash: crashConfigOf(e),
    trustProxy: e.TRUST_PROXY ?? false,
    appEnv: e.APP_ENV,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    maintenance: e.MAINTENANCE ?? 'false',
    maintenanceLocked: e.MAINTENANCE !== undefined,
    pageCache: e.PAGE_CACHE === 'on',
    logLevel: e.LOG_LEVEL,
    siteName: e.SITE_NAME,
    defaultCurrency: e.DEFAULT_CURRENCY,
    bonusMaxWagering: e.BONUS_MAX_WAGERING,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    drainDelayMs: e.DRAIN_DELAY_MS,
    analyticsId: e.ANALYTICS_ID,
    supportChatUrl: e.SUPPORT_CHAT_URL,
    visitorTraceUrl: e.VISITOR_TRACE_URL,
    operator:
      e.OPERATOR_EMAIL && e.OPERATOR_PASSWORD
        ? { email: e.OPERATOR_EMAIL.toLowerCase(), password: e.OPERATOR_PASSWORD, ...(e.OPERATOR_TOTP_SECRET ? { totpSecret: e.OPERATOR_TOTP_SECRET } : {}) }
        : undefined,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    fourEyesThreshold: e.FOUR_EYES_THRESHOLD,
    metricsToken: e.METRICS_TOKEN,
    smsProvider: e.SMS_PROVIDER_URL ? { url: e.SMS_PROVIDER_URL, token: e.SMS_PROVIDER_TOKEN } : undefined,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME.replace(/["\\<>]/g, '')} <no-reply@${new URL(publicUrl).hostname}>`,
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    rateLimitAllowlist: e.RATE_LIMIT_ALLOWLIST ?? [],
    paymentsSandboxSecret: e.PAYMENTS_SANDBOX_SECRET,
    paymentsSandbox,
    // The sandbox adapter needs the sandbox itself: listed while PAYMENTS_SANDBOX leaves it off, it stays off.
    paymentGateways: (e.PAYMENT_GATEWAYS ?? ['sandbox']).filter((id) => id !== 'sandbox' || paymentsSandbox),
    chain: chainConfigOf(e),
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET,
    affiliateSecret: e.AFFILIATE_SECRET,
    ...complianceConfigOf(e),
    hub88: hub88ConfigOf(e),
  };
}

// Where the tests find the sample lists, as they did before the compliance options moved to their own file.
export { SAMPLE_PEP_LIST, SAMPLE_SCREENING_LIST } from './config-compliance.ts';
