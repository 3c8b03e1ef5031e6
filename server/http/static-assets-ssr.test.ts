// The build's hashed assets go out as the build compressed them (scripts/precompress.ts): brotli or gzip as the
// browser accepts, the same bytes once decoded, cached for a year. Every page's JavaScript and stylesheet come this way.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app.ts';
import { clientDir, productionSite } from './test-production-site.ts';

const assetsDir = path.join(clientDir, 'assets');

describe('static assets', () => {
  const t = useTestApp({}, productionSite);

  it('go out precompressed as the browser accepts, decoding to the built file, immutable', async () => {
    const files = readdirSync(assetsDir);
    const largestScript = files
      .filter((file) => file.endsWith('.js'))
      .sort((a, b) => readFileSync(path.join(assetsDir, b)).length - readFileSync(path.join(assetsDir, a)).length)[0];
    const stylesheet = files.find((file) => /^app-.*\.css$/.test(file));
    for (const file of [largestScript, stylesheet]) {
      expect(file).toBeDefined();
      const original = readFileSync(path.join(assetsDir, file!));
      const ask = (encoding: string) => t.app.inject({ method: 'GET', url: `/assets/${file}`, headers: { 'accept-encoding': encoding } });
      const br = await ask('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBe(readFileSync(path.join(assetsDir, `${file}.br`)).length);
      expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
      const gzip = await ask('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);
      const plain = await ask('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(original)).toBe(true);
      for (const answer of [br, gzip, plain]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      }
    }
  });
});
