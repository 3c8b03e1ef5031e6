import { createHash } from 'node:crypto';
import type { ExportCell, ExportRange, ExportRow } from '../shared/export-rows.ts';
import { csvCell } from '../wallet/csv.ts';
import { EXPORT_FILES, type ExportEntity } from './files.ts';

// Builds the regulator's export in memory (docs/decisions/0117): one CSV per entity (RFC 4180, CRLF, formula-safe
// cells), a manifest (range, generation time, every file with its rows, bytes, SHA-256 and column documentation), and
// SHA256SUMS in the format `sha256sum -c` checks, covering the CSVs and the manifest. Pure: the rows come in.

export const MANIFEST = 'manifest.json';
export const SUMS = 'SHA256SUMS';
export const EXPORT_FORMAT = 'croupier-regulator-export/1';

export type ExportFile = { name: string; content: Buffer };
export type ExportManifest = {
  format: typeof EXPORT_FORMAT;
  range: { from: string; to: string };
  generated_at: string;
  files: {
    name: string;
    entity: ExportEntity;
    description: string;
    rows: number;
    bytes: number;
    sha256: string;
    columns: { name: string; description: string }[];
  }[];
};

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

function cellText(value: ExportCell | undefined): string {
  if (value === null || value === undefined) return '';
  return csvCell(typeof value === 'string' ? value : String(value));
}

/** One entity's CSV: the documented columns in order, whatever else a row carries left out. */
export function toCsv(columns: readonly string[], rows: ExportRow[]): Buffer {
  const lines = [columns.map(cellText).join(','), ...rows.map((row) => columns.map((column) => cellText(row[column])).join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

export function buildExport(
  range: ExportRange,
  rowsOf: Record<ExportEntity, ExportRow[]>,
  generatedAt: Date,
): { files: ExportFile[]; manifest: ExportManifest } {
  const files: ExportFile[] = [];
  const entries: ExportManifest['files'] = [];
  for (const spec of EXPORT_FILES) {
    const rows = rowsOf[spec.entity];
    const content = toCsv(
      spec.columns.map(([name]) => name),
      rows,
    );
    files.push({ name: spec.file, content });
    entries.push({
      name: spec.file,
      entity: spec.entity,
      description: spec.description,
      rows: rows.length,
      bytes: content.length,
      sha256: sha256(content),
      columns: spec.columns.map(([name, description]) => ({ name, description })),
    });
  }
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    range: { from: range.from.toISOString(), to: range.to.toISOString() },
    generated_at: generatedAt.toISOString(),
    files: entries,
  };
  const manifestFile = { name: MANIFEST, content: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8') };
  const sums = [...files, manifestFile].map((file) => `${sha256(file.content)}  ${file.name}`).join('\n');
  return { files: [...files, manifestFile, { name: SUMS, content: Buffer.from(`${sums}\n`, 'utf8') }], manifest };
}
