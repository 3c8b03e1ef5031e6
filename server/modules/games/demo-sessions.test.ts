import { describe, expect, it } from 'vitest';
import { DEMO_BALANCE } from '../../../contract/games.ts';
import { createDemoSessions } from './demo-sessions.ts';

describe('demo sessions', () => {
  it('keep at most maxSessions, forgetting the least recently used', async () => {
    const sessions = createDemoSessions({ maxSessions: 3 });
    const a = (await sessions.open(undefined)).session;
    const b = (await sessions.open(undefined)).session;
    const c = (await sessions.open(undefined)).session;
    expect(sessions.find(a.id)).toBe(a);
    await sessions.open(undefined);
    expect(sessions.size()).toBe(3);
    expect(sessions.find(b.id)).toBeUndefined();
    expect(sessions.find(a.id)).toBe(a);
    expect(sessions.find(c.id)).toBe(c);
  });

  it('end after being idle, and a new one starts with a fresh balance and seeds', async () => {
    let clock = 0;
    const sessions = createDemoSessions({ idleMs: 1_000, now: () => clock });
    const { session } = await sessions.open(undefined);
    session.balance = 5;
    clock = 999;
    expect((await sessions.open(session.id)).created).toBe(false);
    clock = 1_999;
    const next = await sessions.open(session.id);
    expect(next.created).toBe(true);
    expect(next.session.id).not.toBe(session.id);
    expect(next.session.balance).toBe(DEMO_BALANCE);
    expect(next.session.seed.serverSeedHash).not.toBe(session.seed.serverSeedHash);
  });

  it('ignore ids that could not be ours', async () => {
    const sessions = createDemoSessions();
    expect(sessions.find('../../etc/passwd')).toBeUndefined();
    expect((await sessions.open('x'.repeat(500))).created).toBe(true);
  });
});
