import type { KycStatus } from '../../../contract/accounts.ts';
import { isDoubleSided, type DocumentKind, type DocumentSide, type DocumentStatus, type IdentityDocumentType } from '../../../contract/verification.ts';

// The one KYC status, from a player's documents (docs/decisions/0062-kyc-status.md). Pure: the service feeds it rows.

export type DocumentFacts = {
  kind: DocumentKind;
  documentType: IdentityDocumentType | null;
  side: DocumentSide;
  status: DocumentStatus;
  uploadedAt: Date;
};

const newestFirst = (a: DocumentFacts, b: DocumentFacts) => b.uploadedAt.getTime() - a.uploadedAt.getTime();

/** Verified: an approved identity document (both sides of the same type when it has two) and an approved proof of address. */
export function hasApprovedSet(documents: readonly DocumentFacts[]): boolean {
  const approved = documents.filter((document) => document.status === 'approved');
  const address = approved.some((document) => document.kind === 'address');
  const identity = approved.some(
    (front) =>
      front.kind === 'identity' &&
      front.side === 'front' &&
      (!isDoubleSided(front.documentType) ||
        approved.some((back) => back.kind === 'identity' && back.side === 'back' && back.documentType === front.documentType)),
  );
  return address && identity;
}

/** The newest document in each slot the verification needs: identity front (whose type decides the back), back, address. */
export function currentSlots(documents: readonly DocumentFacts[]) {
  const sorted = [...documents].sort(newestFirst);
  const front = sorted.find((document) => document.kind === 'identity' && document.side === 'front');
  const type = front?.documentType ?? null;
  const back = isDoubleSided(type)
    ? sorted.find((document) => document.kind === 'identity' && document.side === 'back' && document.documentType === type)
    : undefined;
  const address = sorted.find((document) => document.kind === 'address');
  return { front, back, address, type };
}

/**
 * The status documents give: verified with an approved set; rejected when the newest document of a needed slot was
 * rejected (the player must act); pending while anything waits for review; unverified before the first upload.
 */
export function statusFromDocuments(documents: readonly DocumentFacts[]): KycStatus {
  if (hasApprovedSet(documents)) return 'verified';
  const { front, back, address } = currentSlots(documents);
  if ([front, back, address].some((document) => document?.status === 'rejected')) return 'rejected';
  if (documents.some((document) => document.status === 'pending')) return 'pending';
  return 'unverified';
}

/**
 * The status to store: a verified player stays verified whatever they upload later (only an operator's override
 * takes it away); otherwise what the documents say.
 */
export function nextStatus(current: KycStatus, documents: readonly DocumentFacts[]): KycStatus {
  return current === 'verified' ? 'verified' : statusFromDocuments(documents);
}

const TYPE_WORDS: Record<IdentityDocumentType, string> = { passport: 'passport', id_card: 'identity card', driving_licence: 'driving licence' };

/** What is still missing, in a player's words: slots with nothing approved and nothing waiting for review. */
export function missingDocuments(status: KycStatus, documents: readonly DocumentFacts[]): string[] {
  if (status === 'verified') return [];
  const { front, back, address, type } = currentSlots(documents);
  const open = (document: DocumentFacts | undefined) => !document || document.status === 'rejected';
  const missing: string[] = [];
  if (open(front)) missing.push('A photo ID: the front of your passport, identity card or driving licence.');
  if (type && isDoubleSided(type) && open(back)) missing.push(`The back of your ${TYPE_WORDS[type]}.`);
  if (open(address)) missing.push('A proof of address: a utility bill, bank statement or official letter from the last 3 months with your name and address.');
  return missing;
}

/**
 * The documents that still count after a verified player moved (docs/decisions/0121): a proof of address uploaded
 * before the change of country or address proves the old one, so it is left out; everything else counts.
 */
export function countingAfterMove<T extends Pick<DocumentFacts, 'kind' | 'uploadedAt'>>(documents: readonly T[], movedAt: Date | null): T[] {
  if (!movedAt) return [...documents];
  return documents.filter((document) => document.kind !== 'address' || document.uploadedAt > movedAt);
}
