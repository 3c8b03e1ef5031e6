import { randomBytes, randomInt } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { RealtimeApp } from './server.ts';

export type RealtimeCredentialsEnv = { REALTIME_APP_ID?: string; REALTIME_KEY?: string; REALTIME_SECRET?: string };

const storedCredentials = z.object({ id: z.string().min(1), key: z.string().min(1), secret: z.string().min(1) });
export const CREDENTIALS_FILE = 'realtime.json';

/**
 * The Pusher app credentials: each environment value wins; the rest come from
 * DATA_DIR/realtime.json, which is created once with random values (mode 0600) so a development
 * install works without configuration and keeps its keys across restarts.
 */
export async function loadOrCreateRealtimeCredentials(dataDir: string, env: RealtimeCredentialsEnv): Promise<RealtimeApp> {
  const fromEnv = { id: env.REALTIME_APP_ID || undefined, key: env.REALTIME_KEY || undefined, secret: env.REALTIME_SECRET || undefined };
  if (fromEnv.id && fromEnv.key && fromEnv.secret) return { id: fromEnv.id, key: fromEnv.key, secret: fromEnv.secret };
  const stored = await readOrCreate(path.join(dataDir, CREDENTIALS_FILE), dataDir);
  return { id: fromEnv.id ?? stored.id, key: fromEnv.key ?? stored.key, secret: fromEnv.secret ?? stored.secret };
}

async function readOrCreate(file: string, dataDir: string): Promise<RealtimeApp> {
  const generated: RealtimeApp = {
    // Pusher's shapes: a numeric app id, a 20-hex-digit key; the secret is longer than Pusher's.
    id: String(randomInt(100_000, 10_000_000)),
    key: randomBytes(10).toString('hex'),
    secret: randomBytes(32).toString('hex'),
  };
  await mkdir(dataDir, { recursive: true });
  // Written whole under a private name, then linked into place: link() fails if the file exists, so
  // of two processes starting at once one creates it and the other reads it, never half-written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  let stored: unknown;
  try {
    stored = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    stored = undefined;
  }
  const parsed = storedCredentials.safeParse(stored);
  if (!parsed.success) throw new Error(`${file} is not valid realtime credentials ({id, key, secret}); fix or delete it`);
  return parsed.data;
}
