// Starts the production server for end-to-end tests on a fresh embedded database under DATA_DIR.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir?.startsWith('test-results/')) throw new Error('e2e-server needs DATA_DIR under test-results/');
rmSync(dataDir, { recursive: true, force: true });
await import('../server/main.ts');
