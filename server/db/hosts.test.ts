import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServerList, poolOptionsFor } from './hosts.ts';

describe('a PostgreSQL URL naming several servers', () => {
  it('reads libpq’s host list, default port and session target', () => {
    const list = parseServerList('postgres://app:s3cret@db1:5433,db2,[::1]:6000/croupier?target_session_attrs=read-write&sslmode=disable');
    expect(list.hosts).toEqual([
      { host: 'db1', port: 5433 },
      { host: 'db2', port: 5432 },
      { host: '[::1]', port: 6000 },
    ]);
    expect(list.target).toBe('read-write');
    expect(list.urlFor(list.hosts[1]!)).toBe('postgres://app:s3cret@db2:5432/croupier?sslmode=disable');
  });

  it('keeps a one-server URL as node-postgres takes it', () => {
    expect(poolOptionsFor('postgres://postgres@127.0.0.1:5432/test')).toEqual({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    const options = poolOptionsFor('postgresql://u@a:1,b:2/db?target_session_attrs=primary');
    expect(options.connectionString).toBe('postgresql://u@a:1/db');
    expect(options.Client).toBeTypeOf('function');
  });

  it('refuses what it cannot honour, without echoing the password', () => {
    for (const [url, reason] of [
      ['mysql://u@h/db', /postgres:\/\//],
      ['postgres://u:pw@h1:99999/db', /port/],
      ['postgres://u:pw@h1:5432,/db', /host/],
      ['postgres://u:pw@h1/db?target_session_attrs=standby', /target_session_attrs/],
    ] as const) {
      expect(() => parseServerList(url)).toThrow(reason);
      try {
        parseServerList(url);
      } catch (error) {
        expect((error as Error).message).not.toContain('pw');
      }
    }
  });

  it('gives every host back, in order, whatever the list (property)', () => {
    const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}(\.[a-z0-9-]{1,10}){0,2}$/);
    fc.assert(
      fc.property(fc.array(fc.record({ host, port: fc.integer({ min: 1, max: 65_535 }) }), { minLength: 1, maxLength: 5 }), (hosts) => {
        const list = parseServerList(`postgres://u@${hosts.map((h) => `${h.host}:${h.port}`).join(',')}/db?target_session_attrs=read-write`);
        expect(list.hosts).toEqual(hosts);
        for (const h of hosts) expect(new URL(list.urlFor(h)).port).toBe(String(h.port));
      }),
    );
  });
});
