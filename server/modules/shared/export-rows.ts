// The shape every module's export read function answers in (docs/decisions/0117-regulator-export-and-retention.md):
// plain rows of cells, times as ISO strings, amounts in minor units. Modules import only this type.

export type ExportCell = string | number | boolean | null;
export type ExportRow = Record<string, ExportCell>;
/** The period an export covers: from inclusive, to exclusive (UTC). */
export type ExportRange = { from: Date; to: Date };
/** A module's named read function for one exported entity. */
export type ExportRows = (range: ExportRange) => Promise<ExportRow[]>;

export const iso = (at: Date | null | undefined): string | null => (at ? at.toISOString() : null);
export const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
