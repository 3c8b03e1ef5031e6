// The realtime options, parsed for server/config.ts: our own Pusher-protocol server or an external Pusher-compatible
// one (soketi, Reverb, Pusher), where browsers reach it, its credentials and its limits.
import { z } from 'zod';
import { booleanString, port, url } from './config-fields.ts';

const realtimeSchema = z.object({
  REALTIME_PORT: port.default(8080),
  REALTIME_SERVER: z.enum(['embedded', 'external'], { message: 'must be embedded or external' }).default('embedded'),
  REALTIME_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name such as ws.casino.example')
    .optional(),
  REALTIME_PUBLIC_PORT: port.optional(),
  REALTIME_SCHEME: z.enum(['http', 'https'], { message: 'must be http or https' }).default('http'),
  REALTIME_APP_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
    .optional(),
  // Credentials in the forms Pusher and soketi accept (soketi's own `app-key` / `app-secret` included):
  // a key is what fits in the /app/{key} path and before the `:` of a signature (docs/decisions/0086).
  REALTIME_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,255}$/, 'must be 1 to 255 letters, digits, ., - or _')
    .optional(),
  REALTIME_SECRET: z.string().max(256, 'must be at most 256 characters').regex(/^\S+$/, 'must not contain spaces').optional(),
  /** Pusher's encryption master key for private-encrypted channels: 32 bytes, base64. */
  REALTIME_ENCRYPTION_MASTER_KEY: z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  REALTIME_WEBHOOK_URL: url(['http:', 'https:']).optional(),
  REALTIME_SUBSCRIPTION_COUNT: booleanString.default('false'),
  REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce
    .number({ message: 'must be a number of connections' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(50),
});

/** The variables, spread into the environment schema of server/config.ts. */
export const realtimeEnvironment = realtimeSchema.shape;

type RealtimeEnvironment = z.output<typeof realtimeSchema>;

/** An external server needs all of its address and credentials; run in the environment schema's superRefine. */
export function checkRealtimeEnvironment(e: RealtimeEnvironment, context: z.RefinementCtx): void {
  if (e.REALTIME_SERVER !== 'external') return;
  for (const name of ['REALTIME_HOST', 'REALTIME_APP_ID', 'REALTIME_KEY', 'REALTIME_SECRET'] as const) {
    if (e[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'must be set when REALTIME_SERVER is external' });
  }
}

/**
 * `embedded`: our Pusher-protocol server runs in this process on `realtimePort`; `external`: events are published
 * to a Pusher-compatible server (soketi, Reverb, Pusher) at `host:realtimePort` over its HTTP API. Browsers
 * connect to `host` (the page's own host when unset), `publicPort` (else the listening port) with `scheme`.
 */
export type RealtimeConfig = {
  server: 'embedded' | 'external';
  host: string | undefined;
  publicPort: number | undefined;
  scheme: 'http' | 'https';
  credentials: { REALTIME_APP_ID?: string; REALTIME_KEY?: string; REALTIME_SECRET?: string };
  /** Open sockets one client address may hold on the embedded server; the next is closed with 4004. */
  maxConnectionsPerIp: number;
  /** Base64 of 32 bytes; when unset the app derives one from the app secret (docs/decisions/0087). */
  encryptionMasterKey: string | undefined;
  /** Where the embedded server posts Pusher-signed webhooks; none when unset. */
  webhookUrl: string | undefined;
  /** Whether subscribers hear pusher:subscription_count (Pusher's per-app "subscription counting"). */
  subscriptionCount: boolean;
};

export function realtimeConfigOf(e: RealtimeEnvironment): RealtimeConfig {
  return {
    server: e.REALTIME_SERVER,
    host: e.REALTIME_HOST,
    publicPort: e.REALTIME_PUBLIC_PORT,
    scheme: e.REALTIME_SCHEME,
    credentials: { REALTIME_APP_ID: e.REALTIME_APP_ID, REALTIME_KEY: e.REALTIME_KEY, REALTIME_SECRET: e.REALTIME_SECRET },
    maxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
    encryptionMasterKey: e.REALTIME_ENCRYPTION_MASTER_KEY,
    webhookUrl: e.REALTIME_WEBHOOK_URL,
    subscriptionCount: e.REALTIME_SUBSCRIPTION_COUNT === 'true',
  };
}
