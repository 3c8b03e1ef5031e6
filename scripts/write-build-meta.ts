// Writes builds/latest.json and builds/meta/{buildId}.json into the client build, so open pages can
// notice a new deployment (SPEC.md §7).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const clientDir = fileURLToPath(new URL('../build/client', import.meta.url));
const assets = readdirSync(path.join(clientDir, 'assets')).sort();
const hash = createHash('sha256');
for (const file of assets) hash.update(file).update(readFileSync(path.join(clientDir, 'assets', file)));
const id = hash.digest('hex').slice(0, 16);
const meta = { id, timestamp: Date.now() };
mkdirSync(path.join(clientDir, 'builds/meta'), { recursive: true });
writeFileSync(path.join(clientDir, 'builds/latest.json'), JSON.stringify(meta));
writeFileSync(path.join(clientDir, `builds/meta/${id}.json`), JSON.stringify({ ...meta, assets: assets.length }));
console.log(`build ${id} written`);
