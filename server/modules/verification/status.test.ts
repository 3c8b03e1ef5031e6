import { describe, expect, it } from 'vitest';
import { countingAfterMove, type DocumentFacts, missingDocuments, nextStatus, statusFromDocuments } from './status.ts';

let clock = 0;
const doc = (facts: Partial<DocumentFacts> & Pick<DocumentFacts, 'kind'>): DocumentFacts => ({
  documentType: facts.kind === 'identity' ? 'passport' : null,
  side: 'front',
  status: 'pending',
  uploadedAt: new Date(Date.UTC(2026, 0, 1) + (clock += 1000)),
  ...facts,
});

describe('the KYC status from documents', () => {
  it('starts unverified and is pending while documents wait for review', () => {
    expect(statusFromDocuments([])).toBe('unverified');
    expect(statusFromDocuments([doc({ kind: 'selfie', status: 'approved' })])).toBe('unverified');
    expect(statusFromDocuments([doc({ kind: 'identity' })])).toBe('pending');
  });

  it('is verified with an approved passport and proof of address', () => {
    expect(statusFromDocuments([doc({ kind: 'identity', status: 'approved' }), doc({ kind: 'address', status: 'approved' })])).toBe('verified');
  });

  it('needs both sides of the same double-sided document', () => {
    const front = doc({ kind: 'identity', documentType: 'id_card', status: 'approved' });
    const address = doc({ kind: 'address', status: 'approved' });
    expect(statusFromDocuments([front, address])).toBe('unverified');
    expect(statusFromDocuments([front, address, doc({ kind: 'identity', documentType: 'driving_licence', side: 'back', status: 'approved' })])).not.toBe(
      'verified',
    );
    expect(statusFromDocuments([front, address, doc({ kind: 'identity', documentType: 'id_card', side: 'back', status: 'approved' })])).toBe('verified');
  });

  it('is rejected when the newest document of a needed slot was rejected, pending again after a new upload', () => {
    const rejected = doc({ kind: 'address', status: 'rejected' });
    expect(statusFromDocuments([doc({ kind: 'identity', status: 'approved' }), rejected])).toBe('rejected');
    expect(statusFromDocuments([doc({ kind: 'identity', status: 'approved' }), rejected, doc({ kind: 'address' })])).toBe('pending');
  });

  it('keeps a verified player verified whatever comes later', () => {
    expect(nextStatus('verified', [doc({ kind: 'address', status: 'rejected' })])).toBe('verified');
    expect(nextStatus('rejected', [doc({ kind: 'address' })])).toBe('pending');
  });

  it('says what is missing in words', () => {
    expect(missingDocuments('unverified', [])).toEqual([
      'A photo ID: the front of your passport, identity card or driving licence.',
      'A proof of address: a utility bill, bank statement or official letter from the last 3 months with your name and address.',
    ]);
    const front = doc({ kind: 'identity', documentType: 'driving_licence' });
    expect(missingDocuments('pending', [front])).toEqual([
      'The back of your driving licence.',
      'A proof of address: a utility bill, bank statement or official letter from the last 3 months with your name and address.',
    ]);
    expect(missingDocuments('verified', [])).toEqual([]);
  });
});

describe('countingAfterMove (docs/decisions/0121)', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 2, day));
  const docs = [
    { kind: 'identity' as const, uploadedAt: at(1) },
    { kind: 'address' as const, uploadedAt: at(2) },
    { kind: 'address' as const, uploadedAt: at(10) },
  ];

  it('leaves out the proofs of address uploaded before the move, and nothing else', () => {
    expect(countingAfterMove(docs, null)).toEqual(docs);
    expect(countingAfterMove(docs, at(5))).toEqual([docs[0], docs[2]]);
    expect(countingAfterMove(docs, at(20))).toEqual([docs[0]]);
  });
});
