import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loggedPath, serializeError } from './logging.ts';

describe('loggedPath', () => {
  it('drops the query string and the token segments of token-carrying pages', () => {
    expect(loggedPath('/?magic-token=abc&redirect=/deposit')).toBe('/');
    expect(loggedPath('/account/reset-password/9f8e7d?x=1')).toBe('/account/reset-password/[redacted]');
    expect(loggedPath('/en/player/activate/0f1e2d3c')).toBe('/en/player/activate/[redacted]');
    expect(loggedPath('/api/password/find/secret-token')).toBe('/api/password/find/[redacted]');
    expect(loggedPath('/refer-a-friend/6a1c')).toBe('/refer-a-friend/[redacted]');
    expect(loggedPath('/api/games/european-roulette/rounds')).toBe('/api/games/european-roulette/rounds');
  });

  it('never keeps anything after ? or #, whatever the query holds', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.string({ minLength: 1 }), (path, secret) => {
        const logged = loggedPath(`${path}?t=${encodeURIComponent(secret)}#${secret}`);
        expect(logged.includes('?')).toBe(false);
        expect(logged.includes('#')).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('serializeError', () => {
  it("keeps a failed query's statement and cause but not its bound values", () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "players_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
      constraint: 'players_email_unique',
    });
    const error = Object.assign(new Error(`Failed query: insert into "players" ("email", "password_hash") values ($1, $2)\nparams: ada@example.com,${hash}`), {
      params: ['ada@example.com', hash],
      cause,
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into \\"players\\"');
    expect(logged).toContain('players_email_unique');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('ada@example.com');
    expect(logged).not.toContain('argon2id');
  });

  it('hides any argon2 hash in a message, wherever it stands', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[A-Za-z0-9+/=,$]{10,60}$/), fc.string(), (before, body, after) => {
        const logged = JSON.stringify(serializeError(new Error(`${before} $argon2id$${body} ${after}`)));
        expect(logged).not.toContain(`$argon2id$${body}`);
      }),
    );
  });
});
