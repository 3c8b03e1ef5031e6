// A PostgreSQL URL that names several servers, as libpq writes it (issue 35 §3, docs/operations.md):
//   postgres://user@db1:5432,db2:5432/croupier?target_session_attrs=read-write
// node-postgres connects to one host only, so the pool is given a client that, for each new connection, goes to the
// server found to accept writes, finding it again (in the URL's order) when a connection to it fails or breaks. After a
// failover the old primary's connections break, the standby is promoted, and the next connections reach it by themselves.
import pg from 'pg';

export type ServerAddress = { host: string; port: number };
/** libpq's values that we honour: any server, or one that accepts writes (`primary` is the same test here). */
export type SessionTarget = 'any' | 'read-write' | 'primary';

export type ServerList = {
  hosts: ServerAddress[];
  target: SessionTarget;
  /** A single-host URL for `host`: the same user, password, database and parameters (minus target_session_attrs). */
  urlFor(host: ServerAddress): string;
};

const TARGETS: readonly string[] = ['any', 'read-write', 'primary'];
const SHAPE = /^(postgres(?:ql)?:\/\/)((?:[^@/?#]*@)?)([^/?#]*)(.*)$/;

/** The servers of a `postgres://` URL; throws with a reason (naming no secret) when it cannot be read. */
export function parseServerList(url: string): ServerList {
  const parts = SHAPE.exec(url);
  if (!parts) throw new Error('must start with postgres:// or postgresql://');
  const [, scheme, credentials, hostList, rest] = parts as unknown as [string, string, string, string, string];
  const hosts = hostList.split(',').map((item): ServerAddress => {
    const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(item.trim());
    if (!match) throw new Error('names a host that cannot be read (hosts are host or host:port, comma-separated)');
    const port = match[2] === undefined ? 5432 : Number(match[2]);
    if (port < 1 || port > 65_535) throw new Error('names a port outside 1–65535');
    return { host: match[1]!, port };
  });
  const single = (host: ServerAddress) => `${scheme}${credentials}${host.host}:${host.port}`;
  if (!URL.canParse(single(hosts[0]!) + rest)) throw new Error('must be a URL');
  const parsed = new URL(single(hosts[0]!) + rest);
  const target = parsed.searchParams.get('target_session_attrs') ?? 'any';
  if (!TARGETS.includes(target)) throw new Error(`target_session_attrs must be one of ${TARGETS.join(', ')}`);
  parsed.searchParams.delete('target_session_attrs');
  const tail = `${parsed.pathname}${parsed.search}`;
  return { hosts, target: target as SessionTarget, urlFor: (host) => `${single(host)}${tail}` };
}

/** Whether the server behind `client` takes writes: not a standby in recovery, not read-only by default. */
async function acceptsWrites(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ standby: boolean; readOnly: string }>(
    `select pg_is_in_recovery() as standby, current_setting('default_transaction_read_only') as "readOnly"`,
  );
  return rows[0]?.standby === false && rows[0].readOnly === 'off';
}

/** The error a read-only server gives a write: the server we thought the primary is one no longer. */
const READ_ONLY_TRANSACTION = '25006';

/**
 * A `pg.Client` class for `pg.Pool({ Client })` that connects to the list's current target server. One search runs at a
 * time; its answer is kept until a connection to that server fails or breaks, or a write meets a read-only server.
 */
export function failoverClient(list: ServerList, { probeTimeoutMs = 2_000 }: { probeTimeoutMs?: number } = {}): typeof pg.Client {
  let current: ServerAddress | undefined;
  let search: Promise<ServerAddress> | undefined;
  const forget = (server: ServerAddress | undefined) => {
    if (server && current === server) current = undefined;
  };

  async function find(): Promise<ServerAddress> {
    for (const candidate of list.hosts) {
      const probe = new pg.Client({ connectionString: list.urlFor(candidate), connectionTimeoutMillis: probeTimeoutMs });
      probe.on('error', () => {});
      try {
        await probe.connect();
        if (list.target === 'any' || (await acceptsWrites(probe))) return candidate;
      } catch {
        // Down or unreachable: the next one.
      } finally {
        await probe.end().catch(() => {});
      }
    }
    throw new Error(`none of the ${list.hosts.length} database servers accepts ${list.target === 'any' ? 'connections' : 'writes'} now`);
  }

  const target = async (): Promise<ServerAddress> => {
    if (current) return current;
    search ??= find().finally(() => {
      search = undefined;
    });
    current = await search;
    return current;
  };

  class FailoverClient extends pg.Client {
    #server: ServerAddress | undefined;

    override connect(): Promise<pg.Client>;
    override connect(callback: ((error: Error) => void) | ((error: null, client: pg.Client) => void)): void;
    override connect(callback?: ((error: Error) => void) | ((error: null, client: pg.Client) => void)): Promise<pg.Client> | undefined {
      const connected = (async () => {
        const server = await target();
        this.#server = server;
        this.host = server.host;
        this.port = server.port;
        // node-postgres reads these when it opens the socket (and for a cancel request): not in its published types.
        Object.assign((this as unknown as { connectionParameters: object }).connectionParameters, { host: server.host, port: server.port });
        try {
          await super.connect();
        } catch (error) {
          forget(server);
          throw error;
        }
        this.on('error', () => forget(server));
        this.on('end', () => {
          // An end we did not ask for (the server went away) sends the next connection looking again.
          if (!this.#ending) forget(server);
        });
        return this as pg.Client;
      })();
      if (!callback) return connected;
      const done = callback as (error: Error | null, client?: pg.Client) => void;
      connected.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      );
      return undefined;
    }

    #ending = false;
    override end(): Promise<void>;
    override end(callback: (error: Error) => void): void;
    override end(callback?: (error: Error) => void): Promise<void> | undefined {
      this.#ending = true;
      if (!callback) return super.end();
      super.end(callback);
      return undefined;
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only watches the outcome.
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      const result = (super.query as (...a: any[]) => any)(...args);
      if (result && typeof result.catch === 'function') {
        result.catch((error: { code?: string } | undefined) => {
          if (error?.code === READ_ONLY_TRANSACTION) forget(this.#server);
        });
      }
      return result;
    }
  }
  return FailoverClient as unknown as typeof pg.Client;
}

/** Pool options for a URL: several hosts or a session target get the failover client, one plain host stays plain. */
export function poolOptionsFor(url: string): pg.PoolConfig {
  const list = parseServerList(url);
  if (list.hosts.length === 1 && list.target === 'any') return { connectionString: url };
  return { connectionString: list.urlFor(list.hosts[0]!), Client: failoverClient(list) };
}
