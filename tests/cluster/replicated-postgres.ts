// A PostgreSQL primary with a synchronous streaming standby, made by the failover test (issue 35 §3) from the
// machine's PostgreSQL binaries in a temporary directory: initdb, pg_basebackup -R, pg_ctl. Run as root, the servers
// run as the `postgres` user. The same steps, for production, are in docs/operations.md ("Database failover").
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type ReplicatedPostgres = {
  primaryPort: number;
  standbyPort: number;
  /** Both servers, the primary first, with target_session_attrs=read-write: what the nodes are given. */
  url: string;
  /** `kill -9` of the primary's postmaster and every backend: a machine lost, not a clean stop. */
  killPrimary(): void;
  /** `pg_ctl promote` on the standby, waiting until it takes writes. */
  promoteStandby(): void;
  stop(): void;
};

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin directory, or undefined. */
export function postgresBin(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => existsSync(path.join(PG_ROOT, name, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(PG_ROOT, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(`no PostgreSQL binaries under ${PG_ROOT}`);
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() }).toString();
  const work = mkdtempSync(path.join(tmpdir(), 'croupier-pg-'));
  const { uid, gid } = { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
  chownSync(work, uid, gid);
  const primary = path.join(work, 'primary');
  const standby = path.join(work, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const common = [`listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${work}'`, 'max_connections = 100', 'shared_buffers = 32MB'];

  asPostgres('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Streaming replication from 127.0.0.1 is allowed by initdb's default pg_hba.conf under --auth=trust.
  writeFileSync(
    path.join(primary, 'postgresql.auto.conf'),
    `${[...common, `port = ${primaryPort}`, 'wal_level = replica', 'max_wal_senders = 4', 'hot_standby = on'].join('\n')}\n`,
  );
  // Synchronous for the primary only (a command-line setting, not copied by the base backup): a commit is acknowledged
  // once the standby has flushed it, so a promoted standby has every acknowledged write (RPO 0).
  asPostgres('pg_ctl', ['-D', primary, '-l', path.join(work, 'primary.log'), '-o', `-c synchronous_standby_names='*'`, '-w', 'start']);
  asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '--checkpoint=fast']);
  writeFileSync(path.join(standby, 'postgresql.auto.conf'), `${readFileSync(path.join(standby, 'postgresql.auto.conf'), 'utf8')}port = ${standbyPort}\n`);
  asPostgres('pg_ctl', ['-D', standby, '-l', path.join(work, 'standby.log'), '-w', 'start']);

  const url = `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/postgres?target_session_attrs=read-write`;
  const check = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
  await check.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      const { rows } = await check.query(`select sync_state from pg_stat_replication`);
      if (rows[0]?.sync_state === 'sync') break;
      if (attempt > 200) throw new Error(`the standby did not become synchronous: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await check.end();
  }

  const postmasterOf = (dir: string) => {
    const file = path.join(dir, 'postmaster.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
  };
  const stopQuietly = (dir: string) => {
    try {
      asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
    } catch {
      // Already gone.
    }
  };
  return {
    primaryPort,
    standbyPort,
    url,
    killPrimary() {
      const pid = postmasterOf(primary);
      if (!pid) return;
      // The postmaster and its children (backends, WAL sender) at once, as a lost machine would.
      try {
        execFileSync('pkill', ['-9', '-P', String(pid)]);
      } catch {
        // No children left.
      }
      process.kill(pid, 'SIGKILL');
    },
    promoteStandby() {
      asPostgres('pg_ctl', ['-D', standby, '-w', 'promote']);
    },
    stop() {
      stopQuietly(standby);
      stopQuietly(primary);
      if (process.env.CLUSTER_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    },
  };
}
