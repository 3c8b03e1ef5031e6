// The player site as production serves it, for the SSR suites: the built server entry and client assets (building
// them first when there is no build yet).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { expect } from 'vitest';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const clientDir = path.join(projectRoot, 'build/client');
const serverBuild = path.join(projectRoot, 'build/server/index.js');

export async function productionSite() {
  if (!existsSync(serverBuild)) expect(spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'ignore' }).status).toBe(0);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  return { mode: 'production' as const, loadBuild: async () => build, clientDir };
}
