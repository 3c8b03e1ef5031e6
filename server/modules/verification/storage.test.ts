import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore, createS3Store, parseS3Url } from './storage.ts';

// KYC_S3_URL is tested against a tiny S3-compatible endpoint served here (path-style PUT/GET/DELETE object with the
// official SDK's signed requests): what the SDK sends is what a bucket would receive (docs/decisions/0060).
type Received = { method: string; url: string; authorization: string | undefined };
let server: Server;
let endpoint = '';
const objects = new Map<string, Buffer>();
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = (request.url ?? '').split('?')[0]!;
      received.push({ method: request.method ?? '', url: key, authorization: request.headers.authorization });
      if (request.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        response.writeHead(200, { etag: '"1"' }).end();
      } else if (request.method === 'GET') {
        const body = objects.get(key);
        if (!body) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        } else response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the S3 document store', () => {
  it('reads the bucket, prefix, region and credentials from KYC_S3_URL', () => {
    expect(parseS3Url('https://AKIA%2F1:s%3Acret@s3.example.com:9000/kyc-bucket/docs/eu?region=eu-west-1')).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'kyc-bucket',
      prefix: 'docs/eu/',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIA/1', secretAccessKey: 's:cret' },
    });
    expect(() => parseS3Url('https://s3.example.com/')).toThrow();
  });

  it('puts, gets and deletes objects in the bucket with signed requests', async () => {
    const store = createS3Store(`${endpoint.replace('http://', 'http://KEY:SECRET@')}/kyc/prefix?region=eu-west-1`);
    const key = randomUUID();
    await store.put(key, Buffer.from('sealed bytes'));
    expect(objects.get(`/kyc/prefix/${key}.sealed`)?.toString()).toBe('sealed bytes');
    expect((await store.get(key))?.toString()).toBe('sealed bytes');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(received.at(0)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=KEY\/\d{8}\/eu-west-1\/s3\/aws4_request/);
    store.client.destroy();
  });

  it('refuses storage keys that are not ours (no path tricks)', async () => {
    const store = createS3Store(`${endpoint.replace('http://', 'http://KEY:SECRET@')}/kyc`);
    await expect(store.put('../x', Buffer.from('x'))).rejects.toThrow();
    store.client.destroy();
  });
});

describe('the disk document store', () => {
  it('keeps files private (0600 in 0700 folders) and forgets deleted ones', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'kyc-store-'));
    try {
      const store = createDiskStore(path.join(root, 'kyc'));
      const key = randomUUID();
      await store.put(key, Buffer.from('sealed'));
      expect((await store.get(key))?.toString()).toBe('sealed');
      const folder = path.join(root, 'kyc', key.slice(0, 2));
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(folder, `${key}.sealed`))).mode & 0o777).toBe(0o600);
      expect(await readdir(folder)).toEqual([`${key}.sealed`]);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await expect(store.get('../../etc/passwd')).rejects.toThrow();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
