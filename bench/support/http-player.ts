// A bench player made over HTTP, as a person would: register, activate from the mail in the server's file outbox,
// sign in, deposit with the sandbox card and wait for the credit. Shared by the benches that drive a running server.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { benchRegistration } from './bench-player.ts';

export const BENCH_PASSWORD = 'Lucky#Seven77';

// biome-ignore lint/suspicious/noExplicitAny: a benchmark reads a few fields of many different API answers; typing each buys nothing here
export async function json(response: Response): Promise<any> {
  const text = await response.text();
  if (!response.ok && response.status !== 303) throw new Error(`${response.url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Activation tokens by address, from the server's file outbox (each mail read once). */
const activationTokens = new Map<string, string>();
const mailsRead = new Set<string>();
async function activationToken(dataDir: string, email: string): Promise<string> {
  const directory = path.join(dataDir, 'outbox', 'mail');
  for (let attempt = 0; attempt < 300 && !activationTokens.has(email); attempt++) {
    for (const file of (await readdir(directory).catch(() => [] as string[])).filter(
      (name) => name.endsWith('.eml') && !mailsRead.has(path.join(directory, name)),
    )) {
      mailsRead.add(path.join(directory, file));
      const mail = (await readFile(path.join(directory, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const to = /^To: .*?([^\s<>]+@[^\s<>]+)/m.exec(mail)?.[1];
      const token = /\/player\/activate\/([^\s"'<>]+)/.exec(mail)?.[1];
      if (to && token) activationTokens.set(to, token);
    }
    if (!activationTokens.has(email)) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const token = activationTokens.get(email);
  if (!token) throw new Error(`no activation mail for ${email}`);
  return token;
}

/** Registers, activates, signs in and funds (a sandbox card deposit of `funds` cents) one player; its id and token. */
export async function readyHttpPlayer({ base, dataDir, label, funds }: { base: string; dataDir: string; label: string; funds: number }) {
  const email = `${label}-${randomBytes(3).toString('hex')}@example.com`;
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const registered = await json(
    await fetch(`${base}/api/register`, { method: 'POST', headers, body: JSON.stringify(benchRegistration(email, BENCH_PASSWORD)) }),
  );
  await json(await fetch(`${base}/api/activate`, { method: 'POST', headers, body: JSON.stringify({ activate_token: await activationToken(dataDir, email) }) }));
  const { token } = await json(await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email, password: BENCH_PASSWORD }) }));
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const deposit = await json(
    await fetch(`${base}/api/payments/deposits`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ method: 'sandbox-card', amount: funds }),
    }),
  );
  await json(
    await fetch(`${base}${deposit.data.redirect_url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123', name: 'Bench Player' }).toString(),
    }),
  );
  for (let attempt = 0; attempt < 300; attempt++) {
    if ((await json(await fetch(`${base}/api/player/wallet`, { headers: auth }))).data.cash >= funds)
      return { id: Number(registered.data.id), token: token as string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the deposit of ${email} was never credited`);
}
