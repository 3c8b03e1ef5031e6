import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return expect.unreachable(`loadConfig accepted ${JSON.stringify(env)}`);
}

// TRUST_PROXY and the realtime server's per-address bound (README configuration table, decisions 0012 and 0030).
describe('TRUST_PROXY', () => {
  it('is off by default in every environment, production included', () => {
    for (const APP_ENV of ['development', 'staging', 'production']) expect(loadConfig({ APP_ENV }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('reads a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
  });

  it('reads a comma-separated list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1'] });
  });

  it.each(['true', '0', '10.0.0.0/99', 'lb.internal', '10.0.0.1;10.0.0.2'])('refuses TRUST_PROXY=%s with a message that names it', (value) => {
    const [problem, ...others] = problemsOf({ TRUST_PROXY: value });
    expect(others).toEqual([]);
    expect(problem).toContain(`TRUST_PROXY="${value}"`);
    expect(problem).toMatch(/must be a number of proxies/);
  });
});

describe('REALTIME_MAX_CONNECTIONS_PER_IP', () => {
  it('is 50 unless set', () => {
    expect(loadConfig({}).realtime.maxConnectionsPerIp).toBe(50);
    expect(loadConfig({ REALTIME_MAX_CONNECTIONS_PER_IP: '6000' }).realtime.maxConnectionsPerIp).toBe(6000);
  });

  it.each([
    ['0', 'must be at least 1'],
    ['2.5', 'must be a whole number'],
    ['many', 'must be a number of connections'],
  ])('refuses %s with a message that names it', (value, reason) => {
    const [problem, ...others] = problemsOf({ REALTIME_MAX_CONNECTIONS_PER_IP: value });
    expect(others).toEqual([]);
    expect(problem).toBe(`REALTIME_MAX_CONNECTIONS_PER_IP="${value}" ${reason}`);
  });
});
