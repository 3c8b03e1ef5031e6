import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportRangeOf } from '../../../contract/regulator.rules.ts';
import type { ExportRow } from '../shared/export-rows.ts';
import { EXPORT_ENTITIES, EXPORT_FILES, type ExportEntity } from './files.ts';
import { buildExport, type ExportManifest, MANIFEST, SUMS, toCsv } from './package.ts';

const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };
const emptyRows = () => Object.fromEntries(EXPORT_ENTITIES.map((entity) => [entity, []])) as unknown as Record<ExportEntity, ExportRow[]>;
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

describe('the export package (pure)', () => {
  it('whatever the cells, every sum in SHA256SUMS and the manifest is the SHA-256 of the file, and rows are counted', () => {
    const cell = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 9, maxLength: 9 }), { maxLength: 20 }), (cells) => {
        const rows = emptyRows();
        const columns = EXPORT_FILES.find((spec) => spec.entity === 'transactions')!.columns.map(([name]) => name);
        rows.transactions = cells.map((values) => Object.fromEntries(columns.map((column, i) => [column, values[i] ?? null])));
        const { files, manifest } = buildExport(range, rows, new Date('2026-12-01T03:00:00Z'));
        const byName = new Map(files.map((file) => [file.name, file.content]));
        for (const line of byName.get(SUMS)!.toString('utf8').trim().split('\n')) {
          const [sum, name] = line.split('  ') as [string, string];
          expect(sha256(byName.get(name)!)).toBe(sum);
        }
        const written = JSON.parse(byName.get(MANIFEST)!.toString('utf8')) as ExportManifest;
        expect(written).toEqual(manifest);
        for (const entry of manifest.files) expect(sha256(byName.get(entry.name)!)).toBe(entry.sha256);
        expect(manifest.files.find((entry) => entry.entity === 'transactions')!.rows).toBe(cells.length);
      }),
      { seed: 117, numRuns: 50 },
    );
  });

  it('writes RFC 4180 with CRLF, quotes what needs quoting, defuses formulas and keeps negative amounts numbers', () => {
    const csv = toCsv(
      ['a', 'b', 'c', 'd'],
      [
        { a: 'x,y', b: '=SUM(A1)', c: -2500, d: null },
        { a: 'say "hi"', b: '@cmd', c: true, d: 'line\nbreak' },
      ],
    );
    expect(csv.toString('utf8')).toBe(`a,b,c,d\r\n"x,y",'=SUM(A1),-2500,\r\n"say ""hi""",'@cmd,true,"line\nbreak"\r\n`);
  });
});

describe('the export range', () => {
  const today = new Date('2026-11-27T12:00:00Z');
  it('is whole UTC days with both ends included', () => {
    expect(exportRangeOf('2026-11-01', '2026-11-27', today)).toEqual({
      range: { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-28T00:00:00Z') },
    });
  });
  it('refuses impossible dates, a reversed range, the future and more than 3,660 days', () => {
    expect(exportRangeOf('2026-02-30', '2026-03-01', today)).toEqual({ errors: { from: ['The start must be a date such as 2026-11-01.'] } });
    expect(exportRangeOf('0000-01-01', '0000-01-01', today)).toEqual({
      errors: { from: ['The start must be a date such as 2026-11-01.'], to: ['The end must be a date such as 2026-11-30.'] },
    });
    expect(exportRangeOf('2026-11-02', '2026-11-01', today)).toEqual({ errors: { to: ['The end must be on or after the start.'] } });
    expect(exportRangeOf('2026-11-01', '2026-11-28', today)).toEqual({ errors: { to: ['The end cannot be in the future.'] } });
    expect(exportRangeOf('2010-01-01', '2026-11-01', today)).toEqual({ errors: { to: ['One export covers at most 3660 days.'] } });
  });
});
