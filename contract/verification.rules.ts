// Identity verification's plain values (docs/decisions/0060-0064): the kinds, types, sides and statuses of documents,
// what we keep and their labels. No zod here, so the site's bundles can import it; the schemas are in
// verification.ts, which re-exports all of this. Imports nothing.

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
