// Identity verification (KYC): the player's documents and their review (docs/decisions/0060-0064). Imports nothing
// of ours outside contract/; the server validates and serialises with these schemas (decision 0027). The plain
// values (kinds, types, sides, statuses, labels, bounds) are in verification.rules.ts, which the site's bundles
// import instead of this file (no zod there), and are re-exported here.
import { z } from 'zod';
import { KYC_STATUSES } from './accounts.rules.ts';
import { defineEndpoint, fileAnswer } from './endpoint.ts';
import { dataOf, matching, text, UUID_TEXT } from './http.ts';
import { DOCUMENT_KINDS, DOCUMENT_SIDES, DOCUMENT_STATUSES, IDENTITY_DOCUMENT_TYPES } from './verification.rules.ts';

export * from './verification.rules.ts';

/**
 * POST /api/player/verification/documents, a multipart/form-data body: the text fields below and one `file` part.
 * `document_type` is required for `identity`; `side` defaults to `front` (`back` only for double-sided identity documents).
 */
export const documentUploadBodySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS).describe('Which document this is.'),
  document_type: z.enum(IDENTITY_DOCUMENT_TYPES).optional().describe('For `identity`: passport (one side), id_card or driving_licence (two sides).'),
  side: z.enum(DOCUMENT_SIDES).optional().describe('`front` (default) or `back`.'),
  file: z
    .unknown()
    .meta({ type: 'string', format: 'binary', description: 'The document: JPEG, PNG or PDF, at most 10 MB.' })
    .describe('The document: JPEG, PNG or PDF, at most 10 MB.'),
});

export const verificationDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  document_type: z.enum(IDENTITY_DOCUMENT_TYPES).nullable(),
  side: z.enum(DOCUMENT_SIDES),
  status: z.enum(DOCUMENT_STATUSES),
  reason: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.int(),
  uploaded_at: z.string(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/** GET /api/player/verification: the one KYC status, the documents, and what is still missing (in words). */
export const verificationSchema = z
  .object({
    status: z.enum(KYC_STATUSES),
    documents: z.array(verificationDocumentSchema),
    required: z.array(z.string()),
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;

/** The realtime event on the player's private channel when a document was reviewed. */
export type VerificationUpdated = { verification: Verification };

export const documentIdParamsSchema = z.object({ id: UUID_TEXT });
/** GET /api/admin/kyc/documents: `status` narrows to pending, approved or rejected; `player` to one player's documents. */
export const adminDocumentsQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  player: matching(/^[1-9][0-9]{0,14}$/)
    .optional()
    .describe("One player's documents (their id)."),
});
export const rejectDocumentBodySchema = z.object({ reason: text(500).trim().min(3) });
export const retentionParamsSchema = z.object({ id: matching(/^[1-9][0-9]{0,14}$/) });

/** One document in the operators' review queue, with what to compare it against. */
export const adminVerificationDocumentSchema = verificationDocumentSchema.extend({
  player: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    surname: z.string(),
    birthdate: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    address1: z.string().nullable(),
    postcode: z.string().nullable(),
  }),
  reviewed_at: z.string().nullable(),
  /** The staff member who decided (their id), null while pending. */
  reviewed_by: z.string().nullable(),
});
export type AdminVerificationDocument = z.infer<typeof adminVerificationDocumentSchema>;

export const erasedDocumentsSchema = z.object({ erased: z.int() });

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
const decidedSchema = dataOf(z.object({ document: verificationDocumentSchema, verification: verificationSchema }));
const documentFile = fileAnswer('application/octet-stream', 'The document as uploaded (its own media type: a PDF, JPEG or PNG), never cached.');

export const verificationEndpoints = {
  verification: defineEndpoint({
    method: 'GET',
    path: '/api/player/verification',
    responses: { 200: dataOf(verificationSchema) },
    auth: 'not-blocked',
    summary: 'The player’s verification status and documents',
    operationId: 'getVerification',
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/player/verification/documents',
    body: documentUploadBodySchema,
    consumes: ['multipart/form-data'],
    responses: { 201: decidedSchema },
    auth: 'active-player',
    summary: 'Upload a verification document',
    operationId: 'uploadVerificationDocument',
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/player/verification/documents/:id/file',
    params: documentIdParamsSchema,
    responses: { 200: documentFile },
    auth: 'not-blocked',
    summary: 'One of the player’s own documents',
    operationId: 'getVerificationDocumentFile',
  }),
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/admin/kyc/documents',
    query: adminDocumentsQuerySchema,
    responses: { 200: dataOf(z.array(adminVerificationDocumentSchema)) },
    auth: 'operator',
    permission: 'kyc.decide',
    summary: 'The documents to review',
    operationId: 'listKycDocuments',
  }),
  operatorFile: defineEndpoint({
    method: 'GET',
    path: '/api/admin/kyc/documents/:id/file',
    params: documentIdParamsSchema,
    responses: { 200: documentFile },
    auth: 'operator',
    permission: 'kyc.decide',
    summary: 'A document, for review (recorded in the audit log)',
    operationId: 'getKycDocumentFile',
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/kyc/documents/:id/approve',
    params: documentIdParamsSchema,
    responses: { 200: decidedSchema },
    auth: 'operator',
    permission: 'kyc.decide',
    summary: 'Approve a document',
    operationId: 'approveKycDocument',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/kyc/documents/:id/reject',
    params: documentIdParamsSchema,
    body: rejectDocumentBodySchema,
    responses: { 200: decidedSchema },
    auth: 'operator',
    permission: 'kyc.decide',
    summary: 'Reject a document, with the reason the player is told',
    operationId: 'rejectKycDocument',
  }),
  erase: defineEndpoint({
    method: 'POST',
    path: '/api/admin/kyc/players/:id/erase',
    params: retentionParamsSchema,
    responses: { 200: dataOf(erasedDocumentsSchema) },
    auth: 'operator',
    permission: 'kyc.decide',
    summary: 'Erase a player’s documents whose retention has ended',
    operationId: 'eraseKycDocuments',
  }),
};
