// Identity verification (KYC): the player's documents and their review (docs/decisions/0060-0064). Imports nothing
// of ours outside contract/; the server validates and serialises with these schemas (decision 0027).
import { z } from 'zod';
import { KYC_STATUSES } from './accounts.ts';
import { matching, text, UUID_TEXT } from './http.ts';

export const DOCUMENT_KINDS = ['identity', 'address', 'payment', 'selfie'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const IDENTITY_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];
export const DOCUMENT_SIDES = ['front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];
export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** What we keep: JPEG, PNG or PDF, recognised by their bytes. */
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Passports have one side; identity cards and driving licences two. */
export const isDoubleSided = (type: IdentityDocumentType | null | undefined) => type === 'id_card' || type === 'driving_licence';

export const DOCUMENT_TYPE_LABELS: Record<IdentityDocumentType, string> = {
  passport: 'Passport',
  id_card: 'Identity card',
  driving_licence: 'Driving licence',
};
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  identity: 'Photo ID',
  address: 'Proof of address',
  payment: 'Proof of payment method',
  selfie: 'Selfie with your ID',
};

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
