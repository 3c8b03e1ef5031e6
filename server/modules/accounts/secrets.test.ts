import { describe, expect, it } from 'vitest';
import { looksLikeToken, looksLikeUuid, newActivationId, newSmsCode, newToken, sameDigest, SESSION, sha256, shouldTouch, tokenState } from './secrets.ts';

describe('the token scheme', () => {
  it('makes 256-bit base64url tokens, a new one every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newToken()));
    expect(tokens.size).toBe(1000);
    for (const token of [...tokens].slice(0, 50)) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(looksLikeToken(token)).toBe(true);
    }
  });

  it('stores only the SHA-256 of a token, as 64 hex characters that do not contain it', () => {
    const token = newToken();
    const digest = sha256(token);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).toBe(sha256(token));
    expect(digest).not.toContain(token);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares digests in constant time and refuses malformed ones', () => {
    const digest = sha256('x');
    expect(sameDigest(digest, sha256('x'))).toBe(true);
    expect(sameDigest(digest, sha256('y'))).toBe(false);
    expect(sameDigest(digest, digest.slice(0, 10))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });

  it('rejects anything that is not token-shaped before it reaches the database', () => {
    for (const junk of [undefined, '', 'abc', `${newToken()}x`, `${'a'.repeat(42)}!`, 42, null]) expect(looksLikeToken(junk)).toBe(false);
  });

  it('is valid until the absolute lifetime or the idle timeout, whichever comes first', () => {
    const login = new Date('2026-06-01T10:00:00Z');
    const token = { lastUsedAt: login, expiresAt: new Date(login.getTime() + SESSION.lifetimeMs) };
    expect(tokenState(token, new Date(login.getTime() + 1000))).toBe('valid');
    expect(tokenState(token, new Date(login.getTime() + SESSION.idleMs - 1))).toBe('valid');
    expect(tokenState(token, new Date(login.getTime() + SESSION.idleMs))).toBe('idle');
    const busy = { ...token, lastUsedAt: new Date(token.expiresAt.getTime() - 1000) };
    expect(tokenState(busy, new Date(token.expiresAt.getTime() - 1))).toBe('valid');
    expect(tokenState(busy, token.expiresAt)).toBe('expired');
  });

  it('chooses a 12-hour lifetime and a 30-minute idle timeout, and writes last_used_at at most once a minute', () => {
    expect(SESSION.lifetimeMs).toBe(12 * 60 * 60 * 1000);
    expect(SESSION.idleMs).toBe(30 * 60 * 1000);
    const at = new Date('2026-06-01T10:00:00Z');
    const token = { lastUsedAt: at, expiresAt: new Date(at.getTime() + SESSION.lifetimeMs) };
    expect(shouldTouch(token, new Date(at.getTime() + 59_999))).toBe(false);
    expect(shouldTouch(token, new Date(at.getTime() + 60_000))).toBe(true);
  });
});

describe('one-time secrets', () => {
  it('activation ids are random v4 UUIDs', () => {
    const id = newActivationId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(looksLikeUuid(id)).toBe(true);
    expect(looksLikeUuid('not-a-uuid')).toBe(false);
    expect(newActivationId()).not.toBe(id);
  });

  it('SMS codes are six digits, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => newSmsCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});
