import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Redocly's recommended rules over our OpenAPI document, for the HTTP tests: issue 27 counted the document against
// them (it failed 139). The real linter, run offline: no telemetry, no update check.

/** What Redocly's CLI finds in a document under its recommended rules, each as "rule pointer"; empty when it passes. */
export async function redoclyProblems(document: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'croupier-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, document);
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    // It exits with 1 when it finds an error; its report is on stdout either way.
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--extends=recommended', '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { problems: { ruleId: string; location?: { pointer?: string }[] }[] };
    return report.problems.map((problem) => `${problem.ruleId} ${problem.location?.[0]?.pointer ?? ''}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
