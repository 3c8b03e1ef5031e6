// Writes a brotli (quality 11) and a gzip (level 9) copy beside each text asset of the client build, which the server
// sends as they are (@fastify/static's preCompressed) instead of compressing every answer on the fly at the lower
// levels a live request can afford: the JavaScript of `/` is about 13 % smaller that way (docs/decisions/0005-speed.md).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const clientDir = fileURLToPath(new URL('../build/client', import.meta.url));
const TEXT = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let written = 0;
let before = 0;
let after = 0;
for (const file of files(clientDir)) {
  if (!TEXT.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  // A copy that is not smaller is not worth sending.
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  written++;
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
console.log(`precompressed ${written} files: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB as brotli`);
