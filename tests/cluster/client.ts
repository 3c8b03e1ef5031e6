// What the cluster tests do as a player would, through the balancer or one node: calls, a registered and signed-in
// player, a sandbox deposit confirmed by the gateway's signed callback, and a balance read.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { benchRegistration } from '../../bench/support/bench-player.ts';
import { activationToken, type Cluster } from './support.ts';

const PASSWORD = 'Lucky#Seven77';
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

export type Player = { id: number; email: string; token: string };

export async function call(
  base: string,
  method: string,
  path: string,
  { token, body, headers }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...JSON_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // A balancer's or proxy's own error page is not JSON: kept as text for the failure message.
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text.slice(0, 200);
  }
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whatever the answer holds and assert on it.
  return { status: response.status, servedBy: response.headers.get('x-served-by'), body: parsed as any };
}

/** A new player, registered, activated from the node's mail and signed in through the balancer. */
export async function registerPlayer(cluster: Cluster, label: string): Promise<Player> {
  const email = `${label}-${randomBytes(4).toString('hex')}@cluster.example`;
  const registered = await call(cluster.base, 'POST', '/api/register', { body: benchRegistration(email, PASSWORD) });
  assert.ok(registered.status < 300, `register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const activated = await call(cluster.base, 'POST', '/api/activate', { body: { activate_token: await activationToken(cluster.nodes, email) } });
  assert.equal(activated.status, 200);
  const login = await call(cluster.base, 'POST', '/api/login', { body: { email, password: PASSWORD } });
  assert.equal(login.status, 200);
  const me = await call(cluster.base, 'GET', '/api/player', { token: login.body.token });
  return { id: Number(me.body.id), email, token: login.body.token };
}

/** Why the last refused deposit was refused (status and answer), for the tests' failure messages. */
export const refusals = { lastDeposit: '' };

/** A sandbox deposit: created, then confirmed by the gateway's signed callback. True once the credit was acknowledged. */
export async function deposit(base: string, player: Player, amount: number, key = randomUUID()): Promise<boolean> {
  const created = await call(base, 'POST', '/api/payments/deposits', {
    token: player.token,
    headers: { 'idempotency-key': key },
    body: { method: 'sandbox-crypto', amount },
  });
  if (created.status !== 201) {
    refusals.lastDeposit = `create ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`;
    return false;
  }
  const confirmed = await fetch(`${base}${created.body.data.sandbox_confirm_url}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'sandbox-signature': created.body.data.sandbox_confirm_signature },
  });
  if (!confirmed.ok) refusals.lastDeposit = `confirm ${confirmed.status} ${(await confirmed.text()).slice(0, 300)}`;
  return confirmed.ok;
}

export const balanceOf = async (base: string, player: Player) =>
  Number((await call(base, 'GET', '/api/player/wallet', { token: player.token })).body.data.balance);

/** Player accounts whose cached balance differs from the sum of their ledger entries, and journals that do not balance. */
export async function ledgerDrift(sql: Cluster['sql']) {
  const { rows: accounts } = await sql.query(
    `select a.id, a.balance, coalesce(sum(e.amount), 0)::bigint as entries
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.owner_type = 'player'
      group by a.id, a.balance
     having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  const { rows: journals } = await sql.query(`select journal_id from ledger_entries group by journal_id having sum(amount) <> 0`);
  return { accounts, journals };
}
