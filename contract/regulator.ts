// The regulator's export on the operator API (issue 33 §8, docs/decisions/0117, docs/regulator-export.md): an
// export for a range of days is generated on the server, listed, and downloaded as one tar archive.
import { z } from 'zod';
import { defineEndpoint, fileAnswer } from './endpoint.ts';
import { dataOf, matching } from './http.ts';
import { actionReasonSchema } from './operators.ts';

export * from './regulator.rules.ts';

export const exportBodySchema = z.object({
  from: z.string().max(10),
  to: z.string().max(10),
  reason: actionReasonSchema,
});

export const exportFileSchema = z.object({ name: z.string(), entity: z.string(), rows: z.int(), bytes: z.int(), sha256: z.string() });
export const regulatorExportSchema = z.object({
  id: z.string(),
  /** The first and last day covered (UTC, both included). */
  from: z.string(),
  to: z.string(),
  generated_at: z.string(),
  files: z.array(exportFileSchema),
  /** SHA-256 of the manifest, as SHA256SUMS has it. */
  manifest_sha256: z.string(),
});
export type RegulatorExportView = z.infer<typeof regulatorExportSchema>;
export const exportIdParamsSchema = z.object({ id: matching(/^\d{8}-\d{8}-[0-9a-f]{12}$/) });

/** GET /api/admin/exports/{id}/files/{name}: one file of an export. */
export const exportFileParamsSchema = exportIdParamsSchema.extend({ name: matching(/^[A-Za-z0-9_.]{1,40}$/) });

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const regulatorEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/exports',
    responses: { 200: dataOf(z.array(regulatorExportSchema)) },
    auth: 'operator',
    permission: 'exports.run',
    summary: 'The regulator exports made so far',
    operationId: 'listRegulatorExports',
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/admin/exports',
    body: exportBodySchema,
    responses: { 200: dataOf(regulatorExportSchema) },
    auth: 'operator',
    permission: 'exports.run',
    summary: 'Make a regulator export for a range of days',
    operationId: 'runRegulatorExport',
  }),
  archive: defineEndpoint({
    method: 'GET',
    path: '/api/admin/exports/:id/archive',
    params: exportIdParamsSchema,
    responses: { 200: fileAnswer('application/x-tar', 'The export as a tar archive (recorded in the audit log).') },
    auth: 'operator',
    permission: 'exports.run',
    summary: 'Download a regulator export as a tar archive',
    operationId: 'getRegulatorExportArchive',
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/admin/exports/:id/files/:name',
    params: exportFileParamsSchema,
    responses: { 200: fileAnswer('application/octet-stream', 'One file of the export, in its own media type (recorded in the audit log).') },
    auth: 'operator',
    permission: 'exports.run',
    summary: 'Download one file of a regulator export',
    operationId: 'getRegulatorExportFile',
  }),
};
