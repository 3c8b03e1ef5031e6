// The regulator's export on the operator API (issue 33 §8, docs/decisions/0117, docs/regulator-export.md): an
// export for a range of days is generated on the server, listed, and downloaded as one tar archive.
import { z } from 'zod';
import { matching } from './http.ts';
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
