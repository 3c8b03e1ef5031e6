// `npm run ops -- <command>`: a small command-line client of the operator API (/api/admin/*).
// It talks HTTP to a running server, so it works the same against a laptop or production.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generate } from 'otplib';
import { totpSecretProblem } from '../server/totp-secret.ts';

const usage = `Usage: npm run ops -- [--url URL] <command>

Commands:
  login                      print an operator token (export OPS_TOKEN=… to reuse it)
  logout                     end the session this command keeps between runs
  players [text]             list players, or those whose e-mail contains text
  block <player-id> --reason TEXT    block a player at once (the reason goes into the audit log)
  unblock <player-id> --reason TEXT  lift the block
  activation-type <email|sms>  how new players activate their account
  staff create <email> --role ROLE   invite a staff member (support, compliance, finance, marketing or admin):
                             they choose their password from the e-mailed link
  staff disable <staff-id> --reason TEXT  disable a staff account and sign it out at once
  staff reset-2fa <staff-id>  clear a member's two-factor sign-in: they enrol again at their next sign-in
  export --from YYYY-MM-DD --to YYYY-MM-DD --out DIR [--reason TEXT]
                             the regulator's export for those days (both included, UTC): one CSV per entity,
                             manifest.json and SHA256SUMS, written into DIR (new or empty); every file's
                             SHA-256 is checked against the manifest (docs/regulator-export.md)
  verify-audit [--anchor FILE]  re-compute the audit log's hash chain; names the first broken row. With
                             --anchor, also checks the head FILE holds from the last run (finds the newest
                             rows deleted) and writes the new head there: keep FILE off the server.

Server: --url, else OPS_URL, else PUBLIC_URL, else http://localhost:3000.
Credentials: OPS_TOKEN, else OPERATOR_EMAIL and OPERATOR_PASSWORD, with OPERATOR_TOTP_SECRET (or a one-time
OPS_TOTP_CODE) when the operator signs in with two factors. The session a sign-in opens is kept for the next
commands (each authenticator code works once) in OPS_SESSION_FILE, else $XDG_CACHE_HOME/croupier/ops-session.json
or ~/.cache/croupier/ops-session.json, readable by you only, until it expires or \`logout\` ends it.`;

type AdminPlayer = { id: string; email: string; active: boolean; blocked: boolean; kyc_status: string };

class OpsError extends Error {}
/** The server did not take the token (401). */
class Unauthenticated extends OpsError {}

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
  if (response.status === 401) throw new Unauthenticated(`${response.status}: ${payload.message ?? response.statusText}`);
  if (!response.ok) throw new OpsError(`${response.status}: ${payload.message ?? response.statusText}`);
  return payload;
}

/** Where the signed-in session is kept between commands, or null when there is no home to keep it in. */
function sessionFile(env: NodeJS.ProcessEnv): string | null {
  if (env.OPS_SESSION_FILE) return env.OPS_SESSION_FILE;
  const cache = env.XDG_CACHE_HOME || (env.HOME ? path.join(env.HOME, '.cache') : null);
  return cache ? path.join(cache, 'croupier', 'ops-session.json') : null;
}

type KeptSession = { email: string; token: string; expires_at: string };
type KeptSessions = Record<string, KeptSession>;

function keptSessions(file: string | null): KeptSessions {
  if (!file) return {};
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return kept && typeof kept === 'object' ? (kept as KeptSessions) : {};
  } catch {
    return {};
  }
}

function keepSession(file: string | null, base: string, session: KeptSession | null) {
  if (!file) return;
  const kept = keptSessions(file);
  if (session) kept[base] = session;
  else delete kept[base];
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** A session kept from an earlier command for this server and operator, while it has a minute left. */
function keptToken(base: string, env: NodeJS.ProcessEnv): string | null {
  const kept = keptSessions(sessionFile(env))[base];
  if (!kept || kept.email !== env.OPERATOR_EMAIL) return null;
  return Date.parse(kept.expires_at) - Date.now() > 60_000 ? kept.token : null;
}

async function signIn(base: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (!env.OPERATOR_EMAIL || !env.OPERATOR_PASSWORD) throw new OpsError('set OPS_TOKEN, or OPERATOR_EMAIL and OPERATOR_PASSWORD');
  // Checked before signing in: a secret otplib refuses would fail later with otplib's words, not ours.
  const secretProblem = env.OPERATOR_TOTP_SECRET ? totpSecretProblem(env.OPERATOR_TOTP_SECRET) : null;
  if (secretProblem) throw new OpsError(`OPERATOR_TOTP_SECRET ${secretProblem}`);
  const answer = (await call(base, 'POST', '/api/admin/login', undefined, { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD })) as {
    token?: string;
    expires_at?: string;
    challenge?: string;
  };
  let session = answer;
  if (!answer.token) {
    const code = env.OPS_TOTP_CODE ?? (env.OPERATOR_TOTP_SECRET ? await generate({ secret: env.OPERATOR_TOTP_SECRET }) : undefined);
    if (!code) throw new OpsError('this operator signs in with two factors: set OPERATOR_TOTP_SECRET or OPS_TOTP_CODE');
    session = (await call(base, 'POST', '/api/admin/login/two-factor', undefined, { challenge: answer.challenge, code })) as {
      token: string;
      expires_at: string;
    };
  }
  keepSession(sessionFile(env), base, { email: env.OPERATOR_EMAIL, token: session.token!, expires_at: session.expires_at! });
  return session.token!;
}

/** OPS_TOKEN, else the session kept from an earlier command, else a new sign-in (kept for the next commands). */
async function operatorToken(base: string, env: NodeJS.ProcessEnv): Promise<string> {
  return env.OPS_TOKEN || keptToken(base, env) || signIn(base, env);
}

/**
 * A call as the operator. A kept session the server has ended meanwhile (30 minutes idle, a password change) answers
 * 401: the command signs in again once and repeats the call.
 */
async function asOperator(base: string, env: NodeJS.ProcessEnv, method: string, url: string, body?: unknown): Promise<unknown> {
  const kept = env.OPS_TOKEN ? null : keptToken(base, env);
  const token = env.OPS_TOKEN || kept || (await signIn(base, env));
  try {
    return await call(base, method, url, token, body);
  } catch (error) {
    if (!(error instanceof Unauthenticated) || token !== kept) throw error;
    keepSession(sessionFile(env), base, null);
    return call(base, method, url, await signIn(base, env), body);
  }
}

const row = (p: AdminPlayer) =>
  [p.id.padStart(8), p.email.padEnd(40), (p.active ? 'active' : 'inactive').padEnd(9), (p.blocked ? 'blocked' : '-').padEnd(8), p.kyc_status].join('  ');

type StaffMemberView = { id: string; email: string; role: string; disabled: boolean; two_factor: boolean };

/** `staff create|disable|reset-2fa` (docs/decisions/0106-staff-lifecycle.md). */
async function staffCommand(
  base: string,
  env: NodeJS.ProcessEnv,
  action: string | undefined,
  subject: string | undefined,
  { role, reason }: { role?: string | undefined; reason?: string | undefined },
): Promise<string[]> {
  const staffId = subject && /^[1-9]\d*$/.test(subject) ? subject : null;
  switch (action) {
    case 'create': {
      if (!subject || !role) throw new OpsError('usage: ops staff create <email> --role ROLE');
      const { data } = (await asOperator(base, env, 'POST', '/api/admin/staff/invitations', { email: subject, role })) as { data: StaffMemberView };
      return [`invited ${data.email} as ${data.role} (staff ${data.id}): a link to choose a password is on its way to them`];
    }
    case 'disable': {
      if (!staffId || reason === undefined) throw new OpsError('usage: ops staff disable <staff-id> --reason TEXT');
      const { data } = (await asOperator(base, env, 'PATCH', `/api/admin/staff/${staffId}`, { disabled: true, reason })) as { data: StaffMemberView };
      return [`disabled staff ${data.id} (${data.email}) and signed them out`];
    }
    case 'reset-2fa': {
      if (!staffId) throw new OpsError('usage: ops staff reset-2fa <staff-id>');
      const { data } = (await asOperator(base, env, 'POST', `/api/admin/staff/${staffId}/reset-two-factor`)) as { data: StaffMemberView };
      return [`two-factor sign-in of staff ${data.id} (${data.email}) cleared: they enrol again at their next sign-in`];
    }
    default:
      throw new OpsError('usage: ops staff <create|disable|reset-2fa> …');
  }
}

type ExportView = { id: string; from: string; to: string; files: { name: string; rows: number; sha256: string }[]; manifest_sha256: string };

/** `export`: generates the regulator's export on the server, fetches its files into `out` and checks every sum. */
async function exportCommand(
  base: string,
  env: NodeJS.ProcessEnv,
  { from, to, out, reason }: { from?: string | undefined; to?: string | undefined; out?: string | undefined; reason?: string | undefined },
): Promise<string[]> {
  if (!from || !to || !out) throw new OpsError('usage: ops export --from YYYY-MM-DD --to YYYY-MM-DD --out DIR [--reason TEXT]');
  if (existsSync(out) && readdirSync(out).length > 0) throw new OpsError(`${out} is not empty; choose an empty or new directory`);
  const body = { from, to, reason: reason ?? 'Regulator’s export from the command line' };
  const { data } = (await asOperator(base, env, 'POST', '/api/admin/exports', body)) as { data: ExportView };
  mkdirSync(out, { recursive: true });
  const token = await operatorToken(base, env);
  const expected = new Map([...data.files.map((file) => [file.name, file.sha256] as const), ['manifest.json', data.manifest_sha256] as const]);
  for (const name of [...expected.keys(), 'SHA256SUMS']) {
    const response = await fetch(`${base}/api/admin/exports/${data.id}/files/${name}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new OpsError(`${response.status}: could not fetch ${name}`);
    const content = Buffer.from(await response.arrayBuffer());
    const sum = createHash('sha256').update(content).digest('hex');
    if (expected.has(name) && expected.get(name) !== sum) throw new OpsError(`${name}: SHA-256 ${sum} does not match the manifest's ${expected.get(name)}`);
    writeFileSync(path.join(out, name), content);
  }
  return [
    `export ${data.id} (${data.from} to ${data.to}) written to ${out}: every SHA-256 checked`,
    ...data.files.map((file) => `  ${file.name.padEnd(22)} ${String(file.rows).padStart(8)} rows`),
  ];
}

/** Runs one command; returns the lines to print. */
export async function runOps(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      anchor: { type: 'string' },
      reason: { type: 'string' },
      role: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  const [command, argument, subject] = positionals;
  if (values.help || !command) return [usage];
  const base = (values.url ?? env.OPS_URL ?? env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

  switch (command) {
    case 'login':
      return [await operatorToken(base, env)];
    case 'logout': {
      const token = env.OPS_TOKEN || keptToken(base, env);
      if (token)
        await call(base, 'POST', '/api/admin/logout', token).catch((error: unknown) => {
          if (!(error instanceof Unauthenticated)) throw error;
        });
      keepSession(sessionFile(env), base, null);
      return [token ? 'signed out' : 'no session was kept'];
    }
    case 'players': {
      const query = argument ? `?email=${encodeURIComponent(argument)}` : '';
      const { data } = (await asOperator(base, env, 'GET', `/api/admin/players${query}`)) as { data: AdminPlayer[] };
      return data.length === 0
        ? ['no players found']
        : [`${'id'.padStart(8)}  ${'email'.padEnd(40)}  ${'status'.padEnd(9)}  ${'blocked'.padEnd(8)}  kyc`, ...data.map(row)];
    }
    case 'block':
    case 'unblock': {
      if (!argument || !/^[1-9]\d*$/.test(argument) || values.reason === undefined) throw new OpsError(`usage: ops ${command} <player-id> --reason TEXT`);
      const body = { reason: values.reason };
      const { data } = (await asOperator(base, env, 'POST', `/api/admin/players/${argument}/${command}`, body)) as { data: AdminPlayer };
      return [`${command === 'block' ? 'blocked' : 'unblocked'} player ${data.id} (${data.email})`];
    }
    case 'activation-type': {
      if (argument !== 'email' && argument !== 'sms') throw new OpsError('usage: ops activation-type <email|sms>');
      const { data } = (await asOperator(base, env, 'PUT', '/api/admin/settings', { registration_activation_type: argument })) as {
        data: { registration_activation_type: string };
      };
      return [`registration_activation_type is now ${data.registration_activation_type}`];
    }
    case 'verify-audit': {
      const anchorFile = values.anchor;
      const kept = anchorFile ? readAnchor(anchorFile) : null;
      const query = kept ? `?anchor=${encodeURIComponent(kept)}` : '';
      const { data } = (await asOperator(base, env, 'GET', `/api/admin/audit/verify${query}`)) as {
        data: { intact: boolean; rows: number; first_broken_id: string | null; reason: string | null; head: { id: string; hash: string } | null };
      };
      if (!data.intact) throw new OpsError(`audit log broken at row ${data.first_broken_id}: ${data.reason} (${data.rows} rows before it verified)`);
      if (anchorFile && data.head) writeFileSync(anchorFile, `${data.head.id}:${data.head.hash}\n`);
      return [
        `audit log intact: ${data.rows} rows verified${kept ? `, anchor ${kept.split(':')[0]} found` : ''}`,
        ...(anchorFile && data.head ? [`new anchor ${data.head.id} written to ${anchorFile}`] : []),
      ];
    }
    case 'staff':
      return staffCommand(base, env, argument, subject, values);
    case 'export':
      return exportCommand(base, env, values);
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
