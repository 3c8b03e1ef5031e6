import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pack } from 'tar-stream';
import type { RegulatorExportView } from '../../../contract/regulator.ts';
import { Problem } from '../../problem.ts';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import type { AuditService } from '../operators/audit.ts';
import type { ExportRange, ExportRow, ExportRows } from '../shared/export-rows.ts';
import { EXPORT_ENTITIES, EXPORT_FILES, type ExportEntity } from './files.ts';
import { buildExport, type ExportFile, type ExportManifest, MANIFEST, SUMS } from './package.ts';

// The regulator's export and the retention policy (issue 33 §8, docs/decisions/0117). The export READS every module
// through the named read functions they export (bound in server/services.ts), never their tables; it is written as a
// directory, DATA_DIR/exports/<id>, and downloaded as one tar archive or file by file (`npm run ops -- export`).
// Retention anonymises players idle longer than RETENTION_YEARS, except those a hold, an open alert or case, or an
// open screening hit still needs: compliance is asked through the `neededByOpenMatters` port.

export type ExportSources = Record<ExportEntity, ExportRows[]>;
export type RetentionPorts = {
  /** Players idle since the cutoff, not yet anonymised, in id order after `afterId`. */
  candidates: (cutoff: Date, afterId: number, limit: number) => Promise<number[]>;
  /** Of these players, those an open compliance matter (a hold, an open alert or case, an open hit) still needs. */
  neededByOpenMatters: (playerIds: number[]) => Promise<Set<number>>;
  /** Anonymises one player across the modules that keep their personal data; false if there was nothing to do. */
  anonymise: (playerId: number, at: Date) => Promise<boolean>;
};

export const RETENTION_JOB = 'regulator:retention';
/** Every night at 04:50 UTC, after the sanctions re-screen. */
export const RETENTION_PATTERN = '50 4 * * *';
const RETENTION_PAGE = 200;
const EXPORT_ID = /^\d{8}-\d{8}-[0-9a-f]{12}$/;
const FILE_NAMES: ReadonlySet<string> = new Set([...EXPORT_FILES.map((spec) => spec.file), MANIFEST, SUMS]);
export const NO_EXPORT = 'No export with that id.';

const day = (at: Date) => at.toISOString().slice(0, 10);
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** Years back from `at`, by calendar (29 February falls back to 28 February). */
export function retentionCutoff(at: Date, years: number): Date {
  const cutoff = new Date(at);
  cutoff.setUTCFullYear(at.getUTCFullYear() - years);
  if (cutoff.getUTCDate() !== at.getUTCDate()) cutoff.setUTCDate(0);
  return cutoff;
}

function viewOf(id: string, manifest: ExportManifest, manifestContent: Buffer): RegulatorExportView {
  return {
    id,
    from: manifest.range.from.slice(0, 10),
    to: day(new Date(new Date(manifest.range.to).getTime() - 86_400_000)),
    generated_at: manifest.generated_at,
    files: manifest.files.map(({ name, entity, rows, bytes, sha256: sum }) => ({ name, entity, rows, bytes, sha256: sum })),
    manifest_sha256: sha256(manifestContent),
  };
}

export type RegulatorService = ReturnType<typeof createRegulatorService>;

export function createRegulatorService({
  sources,
  retention,
  retentionYears,
  exportsDir,
  audit,
  logger,
  now = () => new Date(),
}: {
  sources: ExportSources;
  retention: RetentionPorts;
  retentionYears: number;
  /** Where the console's exports are kept (DATA_DIR/exports). */
  exportsDir: string;
  audit: Pick<AuditService, 'record'>;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}) {
  async function build(range: ExportRange) {
    const rowsOf = {} as Record<ExportEntity, ExportRow[]>;
    for (const entity of EXPORT_ENTITIES) rowsOf[entity] = (await Promise.all(sources[entity].map((read) => read(range)))).flat();
    return buildExport(range, rowsOf, now());
  }

  async function write(dir: string, files: ExportFile[]) {
    await mkdir(dir, { recursive: true });
    const present = await readdir(dir);
    if (present.length > 0) throw new Problem(409, 'An export with this id already exists; make it again.');
    for (const file of files) await writeFile(path.join(dir, file.name), file.content, { flag: 'wx' });
  }

  async function stored(id: string) {
    if (!EXPORT_ID.test(id)) return null;
    const manifestContent = await readFile(path.join(exportsDir, id, MANIFEST)).catch(() => null);
    if (!manifestContent) return null;
    return { manifest: JSON.parse(manifestContent.toString('utf8')) as ExportManifest, manifestContent };
  }

  return {
    /** The console's export: generated into DATA_DIR/exports/<id>, audited with the staff member and the reason. */
    async run(range: ExportRange, staffId: number, reason: string): Promise<RegulatorExportView> {
      const { files, manifest } = await build(range);
      const id = `${day(range.from).replaceAll('-', '')}-${day(new Date(range.to.getTime() - 1)).replaceAll('-', '')}-${randomBytes(6).toString('hex')}`;
      await write(path.join(exportsDir, id), files);
      const manifestContent = files.find((file) => file.name === MANIFEST)!.content;
      const view = viewOf(id, manifest, manifestContent);
      await audit.record({
        staffId,
        action: 'regulator.export',
        subject: `export:${id}`,
        after: { reason, from: view.from, to: view.to, rows: manifest.files.reduce((sum, file) => sum + file.rows, 0), manifest_sha256: view.manifest_sha256 },
      });
      return view;
    },

    /** The console's exports, newest first. */
    async list(): Promise<RegulatorExportView[]> {
      const ids = (await readdir(exportsDir).catch(() => [] as string[])).filter((name) => EXPORT_ID.test(name));
      const views: RegulatorExportView[] = [];
      for (const id of ids) {
        const found = await stored(id);
        if (found) views.push(viewOf(id, found.manifest, found.manifestContent));
      }
      return views.sort((a, b) => (a.generated_at < b.generated_at ? 1 : -1));
    },

    /** One export as a tar archive (its directory's files), the download audited. */
    async archive(id: string, staffId: number): Promise<{ name: string; stream: Readable }> {
      const found = await stored(id);
      if (!found) throw new Problem(404, NO_EXPORT);
      const dir = path.join(exportsDir, id);
      const names = (await readdir(dir)).sort();
      const tar = pack();
      for (const name of names) tar.entry({ name: `${id}/${name}`, mtime: new Date(found.manifest.generated_at) }, await readFile(path.join(dir, name)));
      tar.finalize();
      await audit.record({ staffId, action: 'regulator.export_downloaded', subject: `export:${id}` });
      return { name: `regulator-export-${id}.tar`, stream: Readable.from(tar) };
    },

    /** One file of an export (the CLI fetches them one by one and checks their sums); the download audited. */
    async file(id: string, name: string, staffId: number): Promise<{ name: string; content: Buffer; type: string }> {
      const found = await stored(id);
      if (!found || !FILE_NAMES.has(name)) throw new Problem(404, NO_EXPORT);
      const content = await readFile(path.join(exportsDir, id, name));
      await audit.record({ staffId, action: 'regulator.export_downloaded', subject: `export:${id}`, after: { file: name } });
      return {
        name,
        content,
        type: name.endsWith('.csv') ? 'text/csv; charset=utf-8' : name.endsWith('.json') ? 'application/json' : 'text/plain; charset=utf-8',
      };
    },

    /**
     * The retention run: every player idle since the cutoff is anonymised, unless an open matter needs them.
     * Safe to repeat: anonymised players are no longer candidates.
     */
    async applyRetention(): Promise<{ cutoff: string; anonymised: number; kept: number }> {
      const at = now();
      const cutoff = retentionCutoff(at, retentionYears);
      let afterId = 0;
      let anonymised = 0;
      let kept = 0;
      for (;;) {
        const page = await retention.candidates(cutoff, afterId, RETENTION_PAGE);
        if (page.length === 0) break;
        const needed = await retention.neededByOpenMatters(page);
        for (const playerId of page) {
          if (needed.has(playerId)) {
            kept += 1;
            continue;
          }
          if (await retention.anonymise(playerId, at)) {
            anonymised += 1;
            await audit.record({
              staffId: null,
              action: 'retention.anonymised',
              playerId,
              subject: `player:${playerId}`,
              after: { cutoff: cutoff.toISOString(), years: retentionYears },
            });
          }
        }
        afterId = page[page.length - 1]!;
      }
      if (anonymised > 0 || kept > 0) logger?.info({ anonymised, kept, cutoff }, 'retention applied');
      return { cutoff: cutoff.toISOString(), anonymised, kept };
    },
  };
}

export function regulatorJobs(regulator: Pick<RegulatorService, 'applyRetention'>): ScheduledJob[] {
  return [{ name: RETENTION_JOB, pattern: RETENTION_PATTERN, run: () => regulator.applyRetention() }];
}
