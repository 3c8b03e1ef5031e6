// Vitest's global setup (vitest.config.ts): runs in the main process before any test file, so the database
// templates are built once per run rather than by each worker (server/db/test-template.ts).
import type { TestProject } from 'vitest/node';
import { ensureTestTemplates, type TestTemplates } from './test-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Read by openTestDatabase (server/db/test-database.ts). */
    testDatabaseTemplates?: TestTemplates;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  // The projects extend the root config, so this runs for each of them as well; what the root project provides
  // reaches every project's tests, and the root's setup always runs, even when --project picks others.
  if (!project.isRootProject()) return;
  project.provide('testDatabaseTemplates', await ensureTestTemplates());
}
