// `npm run ops -- <command>`: a small command-line client of the operator API (/api/admin/*).
// It talks HTTP to a running server, so it works the same against a laptop or production.
import { parseArgs } from 'node:util';

const usage = `Usage: npm run ops -- [--url URL] <command>

Commands:
  login                      print an operator token (export OPS_TOKEN=… to reuse it)
  players [text]             list players, or those whose e-mail contains text
  block <player-id>          block a player at once
  unblock <player-id>        lift the block
  activation-type <email|sms>  how new players activate their account

Server: --url, else OPS_URL, else PUBLIC_URL, else http://localhost:3000.
Credentials: OPS_TOKEN, else OPERATOR_EMAIL and OPERATOR_PASSWORD (a login per run).`;

type AdminPlayer = { id: string; email: string; active: boolean; blocked: boolean; kyc_status: string };

class OpsError extends Error {}

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
  const { token } = (await call(base, 'POST', '/api/admin/login', undefined, { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD })) as {
    token: string;
  };
  return token;
}

const row = (p: AdminPlayer) =>
  [p.id.padStart(8), p.email.padEnd(40), (p.active ? 'active' : 'inactive').padEnd(9), (p.blocked ? 'blocked' : '-').padEnd(8), p.kyc_status].join('  ');

/** Runs one command; returns the lines to print. */
export async function runOps(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
      if (!argument || !/^[1-9]\d*$/.test(argument)) throw new OpsError(`usage: ops ${command} <player-id>`);
      const { data } = (await call(base, 'POST', `/api/admin/players/${argument}/${command}`, await operatorToken(base, env))) as { data: AdminPlayer };
      return [`${command === 'block' ? 'blocked' : 'unblocked'} player ${data.id} (${data.email})`];
    }
    case 'activation-type': {
      if (argument !== 'email' && argument !== 'sms') throw new OpsError('usage: ops activation-type <email|sms>');
      const { data } = (await call(base, 'PUT', '/api/admin/settings', await operatorToken(base, env), { registration_activation_type: argument })) as {
        data: { registration_activation_type: string };
      };
      return [`registration_activation_type is now ${data.registration_activation_type}`];
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
