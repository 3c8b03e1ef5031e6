import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// CRASH_* (docs/decisions/0071-crash.md, 0101-deterministic-crash-tests.md): the round timings, and the browser
// tests' known chain seed and faster clock, which production refuses at start.

const SEED = '5eed'.repeat(16);

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};

describe('CRASH_* configuration', () => {
  it('defaults to 5 s of betting, a 3 s pause, random chains and the published curve', () => {
    expect(loadConfig({}).crash).toEqual({ bettingMs: 5_000, pauseMs: 3_000, speed: 1, chainSeed: undefined });
    expect(loadConfig({ APP_ENV: 'production' }).crash).toEqual({ bettingMs: 5_000, pauseMs: 3_000, speed: 1, chainSeed: undefined });
  });

  it('takes a known seed (in lower case) and a faster clock outside production', () => {
    const env = { CRASH_BETTING_MS: '4000', CRASH_PAUSE_MS: '1000', CRASH_CHAIN_SEED: SEED.toUpperCase(), CRASH_SPEED: '2.5' };
    expect(loadConfig({ ...env, APP_ENV: 'staging' }).crash).toEqual({ bettingMs: 4_000, pauseMs: 1_000, speed: 2.5, chainSeed: SEED });
    expect(loadConfig(env).crash.chainSeed).toBe(SEED);
  });

  it('refuses a known seed in production, naming the variable and never echoing the seed', () => {
    const problems = problemsOf({ APP_ENV: 'production', CRASH_CHAIN_SEED: SEED });
    expect(problems).toEqual(["CRASH_CHAIN_SEED=(hidden) must not be set in production: whoever knows the seed knows every round's crash point in advance"]);
    expect(() => loadConfig({ APP_ENV: 'production', CRASH_CHAIN_SEED: SEED })).toThrow(ConfigError);
  });

  it('refuses any speed but 1 in production', () => {
    expect(problemsOf({ APP_ENV: 'production', CRASH_SPEED: '4' })).toEqual([
      'CRASH_SPEED="4" must be 1 in production: players are shown the published multiplier curve',
    ]);
    expect(problemsOf({ APP_ENV: 'production', CRASH_SPEED: '1.01' })).toHaveLength(1);
    expect(loadConfig({ APP_ENV: 'production', CRASH_SPEED: '1' }).crash.speed).toBe(1);
  });

  it.each([
    ['CRASH_CHAIN_SEED', SEED.slice(1), 'must be 64 hexadecimal characters (32 bytes)'],
    ['CRASH_CHAIN_SEED', `${SEED.slice(1)}g`, 'must be 64 hexadecimal characters (32 bytes)'],
    ['CRASH_SPEED', 'fast', 'must be a number'],
    ['CRASH_SPEED', '0.5', 'must be at least 1'],
    ['CRASH_SPEED', '101', 'must be at most 100'],
    ['CRASH_BETTING_MS', '499', 'must be at least 500'],
    ['CRASH_BETTING_MS', '1.5', 'must be a whole number'],
    ['CRASH_PAUSE_MS', '-1', 'must not be negative'],
    ['CRASH_PAUSE_MS', '60001', 'must be at most 60000'],
  ])('refuses %s=%s: %s', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${name}=`);
    expect(problems[0]).toContain(message);
    if (name === 'CRASH_CHAIN_SEED') expect(problems[0]).toContain('(hidden)');
  });
});
