// `npm run ops -- <command>`: a small command-line client of the operator API (/api/admin/*).
// It talks HTTP to a running server, so it works the same against a laptop or production.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generate } from 'otplib';
import { totpSecretProblem } from '../server/totp-secret.ts';

const usage = `Usage: npm run ops -- [--url URL] <command>

Commands:
  login                      print an operator token (export OPS_TOKEN=… to reuse it)
  players [text]             list players, or those whose e-mail contains text
  block <player-id> --reason TEXT    block a player at once (the reason goes into the audit log)
  unblock <player-id> --reason TEXT  lift the block
  activation-type <email|sms>  how new players activate their account
  verify-audit [--anchor FILE]  re-compute the audit log's hash chain; names the first broken row. With
                             --anchor, also checks the head FILE holds from the last run (finds the newest
                             rows deleted) and writes the new head there: keep FILE off the server.

Server: --url, else OPS_URL, else PUBLIC_URL, else http://localhost:3000.
Credentials: OPS_TOKEN, else OPERATOR_EMAIL and OPERATOR_PASSWORD (a login per run), with OPERATOR_TOTP_SECRET\n(or a one-time OPS_TOTP_CODE) when the operator signs in with two factors.`;

type AdminPlayer = { id: string; email: string; active: boolean; blocked: boolean; kyc_status: string };

class OpsError extends Error {}

/** The head an earlier `verify-audit --anchor FILE` wrote, or null on the first run. */
function readAnchor(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (!/^[1-9]\d*:[0-9a-f]{64}$/.test(text)) throw new OpsError(`${file} does not hold an anchor (ID:HASH); remove it to start again`);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function call(base: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    throw new OpsError(
      `cannot reach ${base}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`,
    );
  }
  const text = await response.text();
  const payload = text ? (JSON.parse(text) as { message?: string }) : {};
  if (!response.ok) throw new OpsError(`${response.status}: ${payload.message ?? response.statusText}`);
  return payload;
}

async function operatorToken(base: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (env.OPS_TOKEN) return env.OPS_TOKEN;
  if (!env.OPERATOR_EMAIL || !env.OPERATOR_PASSWORD) throw new OpsError('set OPS_TOKEN, or OPERATOR_EMAIL and OPERATOR_PASSWORD');
  // Checked before signing in: a secret otplib refuses would fail later with otplib's words, not ours.
  const secretProblem = env.OPERATOR_TOTP_SECRET ? totpSecretProblem(env.OPERATOR_TOTP_SECRET) : null;
  if (secretProblem) throw new OpsError(`OPERATOR_TOTP_SECRET ${secretProblem}`);
  const answer = (await call(base, 'POST', '/api/admin/login', undefined, { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD })) as {
    token?: string;
    challenge?: string;
  };
  if (answer.token) return answer.token;
  const code = env.OPS_TOTP_CODE ?? (env.OPERATOR_TOTP_SECRET ? await generate({ secret: env.OPERATOR_TOTP_SECRET }) : undefined);
  if (!code) throw new OpsError('this operator signs in with two factors: set OPERATOR_TOTP_SECRET or OPS_TOTP_CODE');
  const { token } = (await call(base, 'POST', '/api/admin/login/two-factor', undefined, { challenge: answer.challenge, code })) as { token: string };
  return token;
}

const row = (p: AdminPlayer) =>
  [p.id.padStart(8), p.email.padEnd(40), (p.active ? 'active' : 'inactive').padEnd(9), (p.blocked ? 'blocked' : '-').padEnd(8), p.kyc_status].join('  ');

/** Runs one command; returns the lines to print. */
export async function runOps(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { url: { type: 'string' }, anchor: { type: 'string' }, reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  const [command, argument] = positionals;
  if (values.help || !command) return [usage];
  const base = (values.url ?? env.OPS_URL ?? env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

  switch (command) {
    case 'login':
      return [await operatorToken(base, env)];
    case 'players': {
      const query = argument ? `?email=${encodeURIComponent(argument)}` : '';
      const { data } = (await call(base, 'GET', `/api/admin/players${query}`, await operatorToken(base, env))) as { data: AdminPlayer[] };
      return data.length === 0
        ? ['no players found']
        : [`${'id'.padStart(8)}  ${'email'.padEnd(40)}  ${'status'.padEnd(9)}  ${'blocked'.padEnd(8)}  kyc`, ...data.map(row)];
    }
    case 'block':
    case 'unblock': {
      if (!argument || !/^[1-9]\d*$/.test(argument) || values.reason === undefined) throw new OpsError(`usage: ops ${command} <player-id> --reason TEXT`);
      const body = { reason: values.reason };
      const { data } = (await call(base, 'POST', `/api/admin/players/${argument}/${command}`, await operatorToken(base, env), body)) as { data: AdminPlayer };
      return [`${command === 'block' ? 'blocked' : 'unblocked'} player ${data.id} (${data.email})`];
    }
    case 'activation-type': {
      if (argument !== 'email' && argument !== 'sms') throw new OpsError('usage: ops activation-type <email|sms>');
      const { data } = (await call(base, 'PUT', '/api/admin/settings', await operatorToken(base, env), { registration_activation_type: argument })) as {
        data: { registration_activation_type: string };
      };
      return [`registration_activation_type is now ${data.registration_activation_type}`];
    }
    case 'verify-audit': {
      const anchorFile = values.anchor;
      const kept = anchorFile ? readAnchor(anchorFile) : null;
      const query = kept ? `?anchor=${encodeURIComponent(kept)}` : '';
      const { data } = (await call(base, 'GET', `/api/admin/audit/verify${query}`, await operatorToken(base, env))) as {
        data: { intact: boolean; rows: number; first_broken_id: string | null; reason: string | null; head: { id: string; hash: string } | null };
      };
      if (!data.intact) throw new OpsError(`audit log broken at row ${data.first_broken_id}: ${data.reason} (${data.rows} rows before it verified)`);
      if (anchorFile && data.head) writeFileSync(anchorFile, `${data.head.id}:${data.head.hash}\n`);
      return [
        `audit log intact: ${data.rows} rows verified${kept ? `, anchor ${kept.split(':')[0]} found` : ''}`,
        ...(anchorFile && data.head ? [`new anchor ${data.head.id} written to ${anchorFile}`] : []),
      ];
    }
    default:
      throw new OpsError(`unknown command "${command}"\n\n${usage}`);
  }
}

if (import.meta.main) {
  try {
    for (const line of await runOps(process.argv.slice(2))) console.log(line);
  } catch (error) {
    if (!(error instanceof OpsError) && !(error instanceof TypeError)) throw error;
    console.error(`ops: ${error.message}`);
    process.exit(1);
  }
}
