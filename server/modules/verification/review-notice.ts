// One notice per KYC review (issue 34 §4, docs/decisions/0119): a reviewer deciding a player's three documents once
// sent three messages and three e-mails. The player is now told once the review is done (no document of theirs is
// left waiting), in one message that names every decision since they were last told.
import type { Verification } from '../../../contract/verification.ts';
import type { Notice } from '../notices/service.ts';

export type ReviewedDocument = { what: string; status: 'approved' | 'rejected'; reason: string | null };

const listed = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The notice of a finished review; `closingId` (the document whose decision finished it) keys it, so it is told once. */
export function reviewNotice(
  playerId: number,
  closingId: string,
  decided: ReviewedDocument[],
  verification: Pick<Verification, 'status' | 'required'>,
): Notice {
  const approved = decided.filter((document) => document.status === 'approved').map((document) => document.what.toLowerCase());
  const rejected = decided.filter((document) => document.status === 'rejected');
  const verified = verification.status === 'verified';
  const subject =
    rejected.length === 1 && approved.length === 0
      ? `We could not accept your ${rejected[0]!.what.toLowerCase()}`
      : rejected.length > 0
        ? 'Some of your documents need a new upload'
        : verified
          ? 'Your account is verified'
          : approved.length === 1
            ? `Your ${approved[0]} was approved`
            : 'Your documents were approved';
  const lines = [
    ...(approved.length > 0 ? [`Thank you: we checked and approved your ${listed(approved)}.`] : []),
    ...rejected.map((document) => `We could not accept your ${document.what.toLowerCase()}. Reason: ${document.reason ?? 'not given'}`),
    ...(rejected.length > 0
      ? ['Please upload a new one on your verification page: a sharp, uncropped photo or scan where every corner and all the text can be read.']
      : []),
    ...(verified && rejected.length === 0
      ? ['Your account is now verified and withdrawals are unlocked.']
      : verified
        ? []
        : rejected.length === 0
          ? [`To finish verifying your account we still need: ${verification.required.join(' ') || 'our review of the documents you sent.'}`]
          : []),
  ];
  return {
    key: `kyc:${closingId}:reviewed`,
    playerId,
    kind: 'kyc_reviewed',
    purpose: 'service',
    subject,
    lines,
    button: { label: 'Open my verification', path: '/account/verification' },
  };
}
