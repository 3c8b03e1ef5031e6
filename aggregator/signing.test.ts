import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aggregator } from './aggregator.ts';
import { generateRsaKeyPair, normalisePem, privateKeyFrom, publicKeyFrom, signBody, verifyBody } from './signing.ts';
import { operatorCall, startTestAggregator, testKeys } from './testing.ts';

describe('X-Hub88-Signature', () => {
  const keys = testKeys();
  const privateKey = privateKeyFrom(keys.operator.privateKey);
  const publicKey = publicKeyFrom(keys.operator.publicKey);
  const body = JSON.stringify({ user: 'john12345', currency: 'EUR', operator_id: 1, game_code: 'crp_copper_clover', platform: 'GPL_DESKTOP' });

  it('is base64 RSA-SHA256 over the raw body, and verifies with the matching public key', () => {
    const signature = signBody(body, privateKey);
    expect(signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(signature, 'base64')).toHaveLength(256);
    expect(verifyBody(body, signature, publicKey)).toBe(true);
    expect(verifyBody(Buffer.from(body), signature, publicKey)).toBe(true);
  });

  it('fails for a body changed by one byte, another key, a damaged or missing signature', () => {
    const signature = signBody(body, privateKey);
    const changed = Buffer.from(body);
    changed[10] = changed[10]! ^ 1;
    expect(verifyBody(changed, signature, publicKey)).toBe(false);
    expect(verifyBody(`${body} `, signature, publicKey)).toBe(false);
    expect(verifyBody(body, signature, publicKeyFrom(generateRsaKeyPair().publicKey))).toBe(false);
    expect(verifyBody(body, `A${signature.slice(1)}`, publicKey)).toBe(false);
    expect(verifyBody(body, 'not base64!', publicKey)).toBe(false);
    expect(verifyBody(body, undefined, publicKey)).toBe(false);
    expect(verifyBody(body, '', publicKey)).toBe(false);
  });

  it('takes PEMs written on one line with \\n, as .env files carry them', () => {
    const oneLine = keys.operator.privateKey.replace(/\n/g, '\\n');
    expect(normalisePem(oneLine)).toBe(keys.operator.privateKey);
    expect(verifyBody(body, signBody(body, privateKeyFrom(oneLine)), publicKey)).toBe(true);
  });
});

describe('Operator API signature checks', () => {
  let aggregator: Aggregator;
  beforeAll(async () => {
    aggregator = await startTestAggregator('http://127.0.0.1:9/api/hub88');
  });
  afterAll(() => aggregator.close());

  it('answers a correctly signed call', async () => {
    const { status, json } = await operatorCall(aggregator, 'game/list', {});
    expect(status).toBe(200);
    expect(Array.isArray(json)).toBe(true);
  });

  it('refuses a body changed by one byte after signing with 401, as Hub88 does', async () => {
    const raw = JSON.stringify({ operator_id: 7, x: 'a' });
    const signature = signBody(raw, privateKeyFrom(testKeys().operator.privateKey));
    const { status, json } = await operatorCall(aggregator, 'game/list', {}, { rawBody: raw.replace('"a"', '"b"'), signature });
    expect(status).toBe(401);
    expect(json).toEqual({ error: expect.stringMatching(/signature/i) });
  });

  it('refuses a missing signature header, and a signature by another key, with 401', async () => {
    expect((await operatorCall(aggregator, 'game/list', {}, { signature: null })).status).toBe(401);
    expect((await operatorCall(aggregator, 'game/list', {}, { privateKey: generateRsaKeyPair().privateKey })).status).toBe(401);
    // The aggregator's own key is not the operator's.
    expect((await operatorCall(aggregator, 'game/list', {}, { privateKey: testKeys().aggregator.privateKey })).status).toBe(401);
  });

  it('answers 404 for an unknown operator_id and 400 for a body that is not a JSON object', async () => {
    const unknown = await operatorCall(aggregator, 'game/list', { operator_id: 8 });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: expect.any(String) });
    const raw = 'not json';
    const bad = await operatorCall(aggregator, 'game/list', {}, { rawBody: raw, signature: signBody(raw, privateKeyFrom(testKeys().operator.privateKey)) });
    expect(bad.status).toBe(400);
  });
});
