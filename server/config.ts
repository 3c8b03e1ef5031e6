import path from 'node:path';
import { z } from 'zod';

// Every environment variable the server reads is parsed here and nowhere else (DESIGN.md).
const booleanString = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" });
const port = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');
const url = (protocols: string[]) =>
  z.url({ message: 'must be a URL' }).refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
    message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    abort: true,
  });

const environmentSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  REALTIME_PORT: port.default(8080),
  APP_ENV: z.enum(['development', 'staging', 'production'], {
    message: 'must be development, staging or production',
  }).default('development'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAINTENANCE: booleanString.default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }).default('info'),
  SITE_NAME: z.string().min(1, 'must not be empty').max(60, 'must be at most 60 characters').default('Croupier'),
  DEFAULT_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR').default('EUR'),
  SHUTDOWN_GRACE_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(0).max(600_000).default(10_000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  realtimePort: number;
  appEnv: 'development' | 'staging' | 'production';
  publicUrl: string;
  smtpUrl: string | undefined;
  maintenance: 'true' | 'false';
  logLevel: string;
  siteName: string;
  defaultCurrency: string;
  shutdownGraceMs: number;
};

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
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in environmentSchema.shape && value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])] ?? '')} ${issue.message}`),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    realtimePort: e.REALTIME_PORT,
    appEnv: e.APP_ENV,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    maintenance: e.MAINTENANCE,
    logLevel: e.LOG_LEVEL,
    siteName: e.SITE_NAME,
    defaultCurrency: e.DEFAULT_CURRENCY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  };
}

