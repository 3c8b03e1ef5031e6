// The cluster test (issue 35, `npm run test:cluster`): three app nodes behind HAProxy on the machine's PostgreSQL
// and Redis. Events cross nodes, limits and settings hold across them, a rolling restart under load fails no
// request and drops no realtime subscription, and a node killed under load loses no acknowledged money.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import Pusher from 'pusher-js';
import { sendTestCoins } from '../../scripts/chain-send.ts';
import { balanceOf as balanceAt, call, deposit, ledgerDrift, type Player, registerPlayer } from './client.ts';
import { type Cluster, type Node, OPERATOR, startCluster, until } from './support.ts';

let cluster: Cluster;

before(async () => {
  cluster = await startCluster({ nodes: 3 });
  console.log(`# ${cluster.nodes.length} nodes (${cluster.isolation}) behind HAProxy at ${cluster.base}`);
});
after(async () => {
  await cluster?.shutdown();
});

const newPlayer = (label: string) => registerPlayer(cluster, label);
const balanceOf = (player: Player) => balanceAt(cluster.base, player);

/** A pusher-js client on `wsHost:wsPort`, subscribed to the player's private channel, with the balances it was told. */
async function listen(player: Player, wsHost: string, wsPort: number, authBase: string) {
  const balances: number[] = [];
  const client = new Pusher(process.env.CLUSTER_REALTIME_KEY ?? '', {
    cluster: 'local',
    wsHost,
    wsPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: '',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        call(authBase, 'POST', '/broadcasting/auth', { token: player.token, body: { socket_id: socketId, channel_name: channelName } }).then(
          (answer) => (answer.status === 200 ? callback(null, answer.body) : callback(new Error(`auth ${answer.status}`), null)),
          (error: Error) => callback(error, null),
        );
      },
    },
  });
  const channel = client.subscribe(`private-App.Models.User.${player.id}`);
  channel.bind('App\\Events\\BalanceUpdated', (data: { wallet: { balance: number } }) => balances.push(data.wallet.balance));
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(`subscription refused: ${JSON.stringify(error)}`)));
  });
  return { client, balances };
}

describe('a cluster of three nodes behind HAProxy', () => {
  it('serves through the balancer from every node', async () => {
    const servedBy = new Set<string>();
    for (let i = 0; i < 12; i++) servedBy.add((await call(cluster.base, 'GET', '/api/settings/get')).servedBy ?? '?');
    assert.deepEqual([...servedBy].sort(), ['node1', 'node2', 'node3']);
  });

  it("delivers a player's events whichever node they are connected to and whichever node moved the money", async () => {
    const player = await newPlayer('events');
    const realtimeKey = (await call(cluster.base, 'GET', '/api/settings/get')).body.data.realtime.key;
    process.env.CLUSTER_REALTIME_KEY = realtimeKey;
    let expected = 0;
    for (const socketNode of cluster.nodes) {
      const { client, balances } = await listen(player, socketNode.address, 8080, cluster.nodeBase(socketNode));
      try {
        for (const moneyNode of cluster.nodes.filter((node) => node !== socketNode)) {
          expected += 2000;
          assert.ok(await deposit(cluster.nodeBase(moneyNode), player, 2000), `deposit through node ${moneyNode.index}`);
          await until(() => balances.includes(expected), `node ${socketNode.index}'s socket to hear node ${moneyNode.index}'s credit of ${expected}`);
        }
      } finally {
        client.disconnect();
      }
    }
    assert.equal(await balanceOf(player), expected);
  });

  it('holds one login budget for an account across nodes', async () => {
    const player = await newPlayer('budget');
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(cluster.nodeBase(cluster.nodes[i % 3]!), 'POST', '/api/login', { body: { email: player.email, password: 'not the password 1!' } }),
      ),
    );
    const checked = attempts.filter((answer) => answer.status === 422).length;
    const refused = attempts.filter((answer) => answer.status === 429).length;
    assert.equal(checked + refused, 30, JSON.stringify(attempts.map((answer) => answer.status)));
    assert.ok(checked <= 10, `${checked} wrong passwords were checked; the budget is 10 per 15 minutes`);
  });

  it('switches maintenance on and off on every node at once', async () => {
    const login = await call(cluster.base, 'POST', '/api/admin/login', { body: OPERATOR });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const staff = login.body.token as string;
    const maintenanceOn = async (node: Node) => (await call(cluster.nodeBase(node), 'GET', '/api/settings/get')).body.data.maintenance === 'true';
    try {
      assert.equal(
        (await call(cluster.nodeBase(cluster.nodes[0]!), 'PUT', '/api/admin/settings', { token: staff, body: { maintenance: 'true' } })).status,
        200,
      );
      for (const node of cluster.nodes) await until(() => maintenanceOn(node), `node ${node.index} to be in maintenance`, 5_000);
    } finally {
      assert.equal(
        (await call(cluster.nodeBase(cluster.nodes[1]!), 'PUT', '/api/admin/settings', { token: staff, body: { maintenance: 'false' } })).status,
        200,
      );
    }
    for (const node of cluster.nodes) await until(async () => !(await maintenanceOn(node)), `node ${node.index} out of maintenance`, 5_000);
  });

  it('applies a route rule and forgets cached guest pages on every node at once', async () => {
    const login = await call(cluster.base, 'POST', '/api/admin/login', { body: OPERATOR });
    const staff = login.body.token as string;
    const tag = randomBytes(4).toString('hex');
    // Each node has the promotions page in the shared guest page cache (fresh for 10 s) before the change.
    for (const node of cluster.nodes) {
      await fetch(`${cluster.nodeBase(node)}/promotions`);
      await until(
        async () => (await fetch(`${cluster.nodeBase(node)}/promotions`)).headers.get('x-page-cache') === 'hit',
        `node ${node.index} to cache /promotions`,
        5_000,
      );
    }
    const rule = await call(cluster.nodeBase(cluster.nodes[0]!), 'POST', '/api/admin/route-rules', {
      token: staff,
      body: { source: `/cluster-sale-${tag}`, target: '/promotions', status: 302 },
    });
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    const promotion = await call(cluster.nodeBase(cluster.nodes[1]!), 'POST', '/api/admin/promotions', {
      token: staff,
      body: { slug: `cluster-${tag}`, title: `Cluster week ${tag}`, summary: 'A promotion made by the cluster test.', body: 'Terms apply.', published: true },
    });
    assert.equal(promotion.status, 201, JSON.stringify(promotion.body));
    try {
      // Well inside the cached page's 10 s: only a purge heard by every node explains the new page.
      const changedAt = Date.now();
      for (const node of cluster.nodes) {
        await until(
          async () => {
            const redirect = await fetch(`${cluster.nodeBase(node)}/cluster-sale-${tag}`, { redirect: 'manual' });
            return redirect.status === 302 && (redirect.headers.get('location') ?? '').endsWith('/promotions');
          },
          `node ${node.index} to apply the new route rule`,
          3_000,
        );
        await until(
          async () => (await (await fetch(`${cluster.nodeBase(node)}/promotions`)).text()).includes(`Cluster week ${tag}`),
          `node ${node.index} to show the new promotion`,
          3_000,
        );
      }
      assert.ok(Date.now() - changedAt < 9_000, 'every node changed before its cached page would have expired');
    } finally {
      await call(cluster.base, 'DELETE', `/api/admin/route-rules/${rule.body.data.id}`, { token: staff });
      await call(cluster.base, 'PUT', `/api/admin/promotions/${promotion.body.data.id}`, { token: staff, body: { published: false } });
    }
  });

  it('runs one crash round sequence, seen the same from every node', async () => {
    type CrashGame = { id: number; crash_point: number | null; hash: string | null; chain_index: number };
    const states = async () =>
      Promise.all(
        cluster.nodes.map(
          async (node) =>
            (await call(cluster.nodeBase(node), 'GET', '/api/crash')).body.data as { history: CrashGame[]; chain: { terminating_hash: string } | null },
        ),
      );
    // The production curve with random crash points: a round's flight is ln(crash point) / 0.06 s, about exponential
    // with a 17 s mean, plus 8 s of betting and pause. Two rounds within 150 s fail about once in 700 runs; three
    // within 90 s failed about one run in four.
    await until(async () => (await states()).every((state) => state.history.length >= 2), "two crashed rounds in every node's history", 150_000);
    const seen = await states();
    assert.equal(new Set(seen.map((state) => state.chain?.terminating_hash)).size, 1, 'one hash chain');
    const byId = new Map<number, string>();
    let shared = 0;
    for (const state of seen)
      for (const game of state.history) {
        const view = JSON.stringify([game.crash_point, game.hash, game.chain_index]);
        if (byId.has(game.id)) {
          shared++;
          assert.equal(view, byId.get(game.id), `round ${game.id} differs between nodes`);
        } else byId.set(game.id, view);
      }
    assert.ok(shared >= 4, `only ${shared} rounds were seen by more than one node`);
  });

  it('runs a scheduled job on one node per period, and three watchers credit an on-chain deposit once', async () => {
    const login = await call(cluster.base, 'POST', '/api/admin/login', { body: OPERATOR });
    const staff = login.body.token as string;
    const rate = { token: 'TUSD', rate: '0.92', max_age_seconds: 3600, reason: 'cluster test rate' };
    assert.equal((await call(cluster.base, 'PUT', '/api/admin/chain/rates', { token: staff, body: rate })).status, 200);
    const player = await newPlayer('onchain');
    const info = await call(cluster.base, 'GET', '/api/payments/crypto', { token: player.token });
    assert.equal(info.status, 200, JSON.stringify(info.body));
    await sendTestCoins({ rpcUrl: cluster.chain.rpcUrl, to: info.body.data.address, amount: '25', coin: 'TUSD' });
    // 25 TUSD at 0.92 is €23.00, credited once whichever node's watcher saw it first.
    await until(async () => (await balanceOf(player)) === 2300, 'the on-chain deposit to be credited', 60_000);
    // Every node ran the watcher's schedule; one run per period did the work, the others found the lock held.
    await until(async () => {
      const { rows } = await cluster.sql.query(`select count(distinct node)::int as nodes from job_runs where job = 'payments:chain-watcher'`);
      return rows[0].nodes === 3;
    }, 'every node to have tried the watcher');
    const { rows: doubled } = await cluster.sql.query(
      `select period from job_runs where job = 'payments:chain-watcher' and status = 'ran' group by period having count(*) > 1`,
    );
    assert.deepEqual(doubled, []);
    const { rows: credits } = await cluster.sql.query(`select count(*)::int as credits from deposits where player_id = $1 and status = 'completed'`, [
      player.id,
    ]);
    assert.equal(credits[0].credits, 1);
    assert.equal(await balanceOf(player), 2300);
  });

  it('restarts every node in turn under load: no failed request, no lost subscription', async () => {
    const players = await Promise.all([1, 2, 3, 4].map((n) => newPlayer(`rolling${n}`)));
    const watcher = await listen(players[0]!, '127.0.0.1', cluster.wsPort, cluster.base);
    const failures: string[] = [];
    const acknowledged = new Map<number, number>();
    let requests = 0;
    let running = true;
    const worker = async (player: Player) => {
      while (running) {
        const steps: [string, () => Promise<boolean>][] = [
          ['settings', async () => (await call(cluster.base, 'GET', '/api/settings/get')).status === 200],
          ['player', async () => (await call(cluster.base, 'GET', '/api/player', { token: player.token })).status === 200],
          ['page', async () => (await fetch(`${cluster.base}/promotion`)).status === 200],
          [
            'deposit',
            async () => {
              const ok = await deposit(cluster.base, player, 2000);
              if (ok) acknowledged.set(player.id, (acknowledged.get(player.id) ?? 0) + 2000);
              return ok;
            },
          ],
        ];
        for (const [name, step] of steps) {
          requests++;
          const ok = await step().catch((error: Error) => {
            failures.push(`${name}: ${error.message}`);
            return true;
          });
          if (!ok) failures.push(`${name}: unexpected answer`);
        }
      }
    };
    const load = players.map(worker);
    try {
      for (const node of cluster.nodes) {
        assert.equal(await cluster.stop(node, 'drain'), 0, `node ${node.index} drained and exited cleanly:\n${node.output.slice(-2000)}`);
        // Back in HAProxy's rotation before the next node goes.
        await cluster.start(node);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }
    assert.ok(requests > 100, `only ${requests} requests ran`);
    assert.deepEqual(failures, [], `${failures.length} of ${requests} requests failed`);
    for (const player of players) assert.equal(await balanceOf(player), acknowledged.get(player.id) ?? 0);
    // The socket was moved to other nodes as each closed; its subscription came back each time.
    const before = await balanceOf(players[0]!);
    assert.ok(await deposit(cluster.base, players[0]!, 2500));
    await until(() => watcher.balances.includes(before + 2500), 'the re-connected socket to hear a credit after the restarts');
    watcher.client.disconnect();
  });

  it("resumes a player's open blackjack hand on another node after its node is killed", async () => {
    const player = await newPlayer('resume');
    assert.ok(await deposit(cluster.base, player, 5000));
    const victim = cluster.nodes[2]!;
    const survivor = cluster.nodes[0]!;
    // Dealt on the victim until the hand waits for the player (a natural blackjack settles at once).
    let roundId = '';
    for (let attempt = 0; attempt < 20 && !roundId; attempt++) {
      const dealt = await call(cluster.nodeBase(victim), 'POST', '/api/games/blackjack/rounds', {
        token: player.token,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: { mode: 'real', stake: 100 },
      });
      assert.equal(dealt.status, 201, JSON.stringify(dealt.body));
      if (dealt.body.data.status === 'open') roundId = dealt.body.data.round_id;
    }
    assert.ok(roundId, 'a hand waiting for the player');
    await cluster.stop(victim, 'SIGKILL');
    try {
      const stood = await call(cluster.nodeBase(survivor), 'POST', `/api/games/blackjack/rounds/${roundId}/actions`, {
        token: player.token,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: { action: 'stand' },
      });
      assert.equal(stood.status, 200, JSON.stringify(stood.body));
      assert.notEqual(stood.body.data.status, 'open');
    } finally {
      await cluster.start(victim);
    }
    assert.deepEqual(await ledgerDrift(cluster.sql), { accounts: [], journals: [] });
  });

  it('loses no acknowledged money when a node is killed under load, and every balance reconciles with the ledger', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => newPlayer(`killed${n}`)));
    const acknowledged = new Map<number, number>();
    let running = true;
    let failed = 0;
    const worker = async (player: Player) => {
      while (running) {
        const ok = await deposit(cluster.base, player, 2000).catch(() => false);
        if (ok) acknowledged.set(player.id, (acknowledged.get(player.id) ?? 0) + 2000);
        else failed++;
      }
    };
    const load = players.map(worker);
    const victim = cluster.nodes[1]!;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await cluster.stop(victim, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      running = false;
      await Promise.all(load);
    }
    await cluster.start(victim);
    console.log(`# kill -9: ${[...acknowledged.values()].reduce((a, b) => a + b, 0) / 2000} deposits acknowledged, ${failed} failed in flight`);
    for (const player of players) {
      const { rows } = await cluster.sql.query(
        `select coalesce(sum(amount) filter (where status = 'completed'), 0)::bigint as completed from deposits where player_id = $1`,
        [player.id],
      );
      const completed = Number(rows[0].completed);
      // Every acknowledged credit is there; one in flight when the node died may have committed unacknowledged.
      assert.ok(completed >= (acknowledged.get(player.id) ?? 0), `player ${player.id}: ${completed} completed < ${acknowledged.get(player.id)} acknowledged`);
      assert.equal(await balanceOf(player), completed);
    }
    assert.deepEqual(await ledgerDrift(cluster.sql), { accounts: [], journals: [] });
  });
});
