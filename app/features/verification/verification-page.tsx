import { useState } from 'react';
import { Link } from 'react-router';
import type { Verification, VerificationDocument } from '../../../contract/verification.ts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_TYPE_LABELS,
  IDENTITY_DOCUMENT_TYPES,
  isDoubleSided,
  type IdentityDocumentType,
} from '../../../contract/verification.rules.ts';
import { Card, Skeleton } from '../../components/ui/card.tsx';
import { analytics } from '../../lib/analytics.ts';
import { applyVerification, useVerification } from '../../lib/use-verification.ts';
import { DocumentSlot, StatusBadge } from './document-slot.tsx';
import { uploadDocument, type UploadFields } from './upload-request.ts';

const HEADLINES: Record<Verification['status'], { title: string; text: string; tone: string }> = {
  unverified: {
    title: 'Your account is not verified yet',
    text: 'Before we pay out, the law asks every licensed casino to confirm who you are, that you are over 18 and where you live. It also keeps your account and your money safe. Two steps, a few minutes.',
    tone: 'border-night-600 bg-night-850',
  },
  pending: {
    title: 'We are checking your documents',
    text: 'This usually takes less than a day. We will send you a message and an e-mail as soon as we are done, and this page updates by itself.',
    tone: 'border-gold-500/60 bg-gold-400/10',
  },
  verified: {
    title: 'Your account is verified',
    text: 'Thank you. Withdrawals are unlocked.',
    tone: 'border-felt-500/60 bg-felt-500/10',
  },
  rejected: {
    title: 'Some documents need to be sent again',
    text: 'We could not accept everything you sent. The reason is shown next to each document, with how to fix it.',
    tone: 'border-ruby-500/60 bg-ruby-500/10',
  },
};

const TYPE_HINTS: Record<IdentityDocumentType, string> = {
  passport: 'The page with your photo',
  id_card: 'Front and back',
  driving_licence: 'Front and back',
};

const newest = (documents: VerificationDocument[], match: (document: VerificationDocument) => boolean) =>
  documents.filter(match).sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at))[0];

function StepHeading({ number, title, done }: { number: number; title: string; done: boolean }) {
  return (
    <div className="mb-3 flex items-center gap-3">
      <span
        aria-hidden="true"
        className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${done ? 'bg-felt-500 text-night-950' : 'bg-gold-400 text-night-950'}`}
      >
        {done ? '✓' : number}
      </span>
      <h3 className="text-lg font-semibold text-mist-100">
        <span className="sr-only">Step {number}: </span>
        {title}
      </h3>
    </div>
  );
}

/** /account/verification: what is needed and why, the two steps, each document's status and what to do about a rejection. */
export function VerificationPage() {
  // Read as the page opens; what arrives live (an upload here, a review pushed by the server) replaces it.
  const { verification, problem } = useVerification();
  const [chosenType, setChosenType] = useState<IdentityDocumentType | null>(null);
  if (problem)
    return (
      <p role="alert" className="text-ruby-500">
        {problem}
      </p>
    );
  if (!verification)
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-28" />
        <Skeleton className="h-64" />
      </div>
    );

  const { status, documents, required } = verification;
  const latestFront = newest(documents, (document) => document.kind === 'identity' && document.side === 'front');
  const type = chosenType ?? latestFront?.document_type ?? null;
  const slot = (kind: 'identity' | 'address', side: 'front' | 'back') =>
    newest(documents, (document) => document.kind === kind && document.side === side && (kind !== 'identity' || document.document_type === type));

  const upload =
    (fields: UploadFields, index: number, doubleSided: boolean) =>
    async (file: File, onProgress: (fraction: number) => void): Promise<string | null> => {
      const result = await uploadDocument(fields, file, onProgress);
      analytics().track({ event: 'kyc_file_upload', index, side: fields.side, name: file.name, type: file.type || 'unknown', isDoubleSided: doubleSided });
      if (!result.ok) return Object.values(result.errors ?? {})[0]?.[0] ?? result.message;
      applyVerification(result.verification);
      return null;
    };

  const front = slot('identity', 'front');
  const back = slot('identity', 'back');
  const address = slot('address', 'front');
  const identityDone = Boolean(front && front.status !== 'rejected' && (!isDoubleSided(type) || (back && back.status !== 'rejected')));
  const headline = HEADLINES[status];

  return (
    <div className="space-y-6">
      <section role="status" data-testid="verification-status" data-status={status} className={`rounded-xl border p-5 ${headline.tone}`}>
        <h2 className="text-xl font-semibold text-mist-100">{headline.title}</h2>
        <p className="mt-1 text-sm text-mist-300">{headline.text}</p>
        {status === 'verified' ? (
          <Link to="/withdraw" className="btn btn-primary mt-4">
            Withdraw now
          </Link>
        ) : null}
        {required.length > 0 ? (
          <div className="mt-4">
            <p className="text-sm font-semibold text-mist-100">Still needed:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-mist-300">
              {required.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {status !== 'verified' ? (
        <>
          <Card>
            <StepHeading number={1} title="Photo ID" done={identityDone} />
            <p className="mb-4 text-sm text-mist-300">
              A valid passport, identity card or driving licence with your photo, your full name and your date of birth. Which one will you use?
            </p>
            <fieldset>
              <legend className="sr-only">Document type</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {IDENTITY_DOCUMENT_TYPES.map((option) => (
                  <label
                    key={option}
                    className={`flex cursor-pointer flex-col rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-400 ${
                      type === option ? 'border-gold-400 bg-gold-400/10' : 'border-night-700 bg-night-900/60 hover:border-night-600'
                    }`}
                  >
                    <input
                      type="radio"
                      name="document_type"
                      value={option}
                      checked={type === option}
                      onChange={() => setChosenType(option)}
                      className="sr-only"
                    />
                    <span className="font-semibold text-mist-100">{DOCUMENT_TYPE_LABELS[option]}</span>
                    <span className="text-sm text-mist-400">{TYPE_HINTS[option]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {type ? (
              <div className={`mt-4 grid gap-4 ${isDoubleSided(type) ? 'md:grid-cols-2' : ''}`}>
                <DocumentSlot
                  key={`${type}-front`}
                  title={isDoubleSided(type) ? `${DOCUMENT_TYPE_LABELS[type]}: front` : `${DOCUMENT_TYPE_LABELS[type]}: photo page`}
                  hint={isDoubleSided(type) ? 'The side with your photo.' : 'The page with your photo and details, all four corners visible.'}
                  current={front}
                  upload={upload({ kind: 'identity', document_type: type, side: 'front' }, 0, isDoubleSided(type))}
                />
                {isDoubleSided(type) ? (
                  <DocumentSlot
                    key={`${type}-back`}
                    title={`${DOCUMENT_TYPE_LABELS[type]}: back`}
                    hint="The other side, all four corners visible."
                    current={back}
                    upload={upload({ kind: 'identity', document_type: type, side: 'back' }, 1, true)}
                  />
                ) : null}
              </div>
            ) : null}
          </Card>

          <Card>
            <StepHeading number={2} title="Proof of address" done={Boolean(address && address.status !== 'rejected')} />
            <p className="mb-4 text-sm text-mist-300">
              A utility bill, bank statement or official letter from the last 3 months, showing your full name and the address on your account. A screenshot or
              PDF of an online statement is fine.
            </p>
            <DocumentSlot
              title="Proof of address"
              hint="All pages with your name and address, fully visible."
              current={address}
              upload={upload({ kind: 'address', side: 'front' }, 0, false)}
            />
          </Card>
        </>
      ) : null}

      {documents.length > 0 ? (
        <Card title="Your documents">
          <ul className="divide-y divide-night-700" data-testid="verification-documents">
            {documents.map((document) => (
              <li key={document.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-mist-100">
                    {document.kind === 'identity' && document.document_type
                      ? `${DOCUMENT_TYPE_LABELS[document.document_type]}${isDoubleSided(document.document_type) ? ` (${document.side})` : ''}`
                      : DOCUMENT_KIND_LABELS[document.kind]}
                  </p>
                  <p className="truncate text-xs text-mist-400">
                    {document.file_name} · {new Date(document.uploaded_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
                  </p>
                  {document.status === 'rejected' && document.reason ? <p className="mt-1 text-sm text-ruby-500">{document.reason}</p> : null}
                </div>
                <StatusBadge status={document.status} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <p className="text-xs text-mist-400">
        Your documents are encrypted as soon as they arrive and are seen only by our verification team. We keep them for as long as the law requires and then
        delete them.
      </p>
    </div>
  );
}
