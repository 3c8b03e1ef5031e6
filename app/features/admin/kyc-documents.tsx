// Identity documents in the back office (issue 18; docs/decisions/0063 and 0084): a viewer that fetches the
// decrypted file with the staff token and shows it from a blob: URL (the console's pages alone allow blob: images
// and objects), the approve/reject controls, and a player's documents for the player page.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdminVerificationDocument } from '../../../contract/verification.ts';
import { DOCUMENT_KIND_LABELS, DOCUMENT_TYPE_LABELS, type DocumentStatus, isDoubleSided } from '../../../contract/verification.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Table } from '../../components/ui/table.tsx';
import { adminApi, staffFetch, useAdminData } from './api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { hasPermission, useStaff } from './session.tsx';
import { Badge, dateTime, Loading, Notice } from './ui.tsx';

export const KYC_PERMISSION = 'kyc.decide';

/** What the viewer shows inline; anything else (never stored today) is not turned into a same-origin blob. */
const VIEWABLE = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** The document in a reviewer's words: "Identity card · front", "Passport", "Proof of address". */
export function documentLabel(document: Pick<AdminVerificationDocument, 'kind' | 'document_type' | 'side'>) {
  if (document.kind !== 'identity' || !document.document_type) return DOCUMENT_KIND_LABELS[document.kind];
  const type = DOCUMENT_TYPE_LABELS[document.document_type];
  return isDoubleSided(document.document_type) ? `${type} · ${document.side}` : type;
}

const KIND_ORDER = { identity: 0, address: 1, payment: 2, selfie: 3 } as const;
/** Identity front, its back, then proof of address and the rest: the order a reviewer compares them in. */
export const byReviewOrder = (a: AdminVerificationDocument, b: AdminVerificationDocument) =>
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.side === b.side ? 0 : a.side === 'front' ? -1 : 1) || a.uploaded_at.localeCompare(b.uploaded_at);

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const tone = status === 'approved' ? 'good' : status === 'rejected' ? 'bad' : 'warn';
  return <Badge tone={tone}>{status}</Badge>;
}

type FileState = { state: 'loading' } | { state: 'shown'; url: string; type: (typeof VIEWABLE)[number] } | { state: 'failed'; message: string };

/** The decrypted file as a blob: URL, fetched with the console's session; the URL is revoked when the viewer goes. */
function useDocumentFile(id: string): FileState {
  const [file, setFile] = useState<FileState>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setFile({ state: 'loading' });
    (async () => {
      const response = await staffFetch(`/api/admin/kyc/documents/${id}/file`, { signal: controller.signal });
      if (response.status === 401) return;
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: unknown };
        setFile({ state: 'failed', message: typeof body.message === 'string' ? body.message : 'The document could not be loaded.' });
        return;
      }
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const viewable = VIEWABLE.find((item) => item === type);
      if (!viewable) {
        setFile({ state: 'failed', message: `This file (${type || 'unknown type'}) cannot be shown here.` });
        return;
      }
      // The blob's type is ours, from the allow-list: the page never turns a file into something it would run.
      url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: viewable }));
      setFile({ state: 'shown', url, type: viewable });
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) setFile({ state: 'failed', message: error instanceof Error ? error.message : 'The document could not be loaded.' });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return file;
}

const ZOOMS = [1, 1.5, 2, 3] as const;

/** The document itself: an image (zoom and rotate) or a PDF in the browser's own viewer, with a download link. */
export function DocumentViewer({ document, label = documentLabel(document) }: { document: AdminVerificationDocument; label?: string }) {
  const file = useDocumentFile(document.id);
  const [zoom, setZoom] = useState(0);
  const [turns, setTurns] = useState(0);
  const frame = 'h-80 w-full overflow-auto rounded-lg border border-night-700 bg-night-950 sm:h-[26rem]';
  if (file.state === 'loading') return <div className={`${frame} grid place-items-center text-sm text-mist-400`}>Loading the document…</div>;
  if (file.state === 'failed')
    return (
      <div className={`${frame} grid place-items-center p-4`}>
        <Notice tone="error">{file.message}</Notice>
      </div>
    );
  const tool = 'btn btn-ghost px-2.5 py-1 text-xs';
  return (
    <div className="space-y-2">
      {file.type === 'application/pdf' ? (
        <object data={file.url} type="application/pdf" aria-label={label} className={frame} data-testid="document-pdf">
          <div className="grid h-full place-items-center p-4 text-center text-sm text-mist-300">
            <p>
              This browser cannot show the PDF here.{' '}
              <a className="text-gold-400 underline" href={file.url} download={document.file_name}>
                Download it
              </a>
              .
            </p>
          </div>
        </object>
      ) : (
        // A size container, so a quarter-turned image fits by the frame's other side (cqh/cqw); at "Fit" it is centred
        // by position, so its unturned box never pushes it off-centre.
        <div className={`${frame} relative`} style={{ containerType: 'size' }}>
          <img
            src={file.url}
            alt={label}
            data-testid="document-image"
            className={zoom === 0 ? 'absolute top-1/2 left-1/2 object-contain' : 'max-w-none'}
            style={
              zoom === 0
                ? {
                    transform: `translate(-50%, -50%) rotate(${turns * 90}deg)`,
                    ...(turns % 2 === 1 ? { maxWidth: '100cqh', maxHeight: '100cqw' } : { maxWidth: '100cqw', maxHeight: '100cqh' }),
                  }
                : { transform: `rotate(${turns * 90}deg)`, width: `${ZOOMS[zoom]! * 100}%` }
            }
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs text-mist-400">
        {file.type !== 'application/pdf' ? (
          <>
            <button type="button" className={tool} onClick={() => setZoom(Math.max(0, zoom - 1))} disabled={zoom === 0} aria-label={`Zoom out of ${label}`}>
              −
            </button>
            <span className="w-10 text-center tabular-nums">{zoom === 0 ? 'Fit' : `${ZOOMS[zoom]! * 100}%`}</span>
            <button
              type="button"
              className={tool}
              onClick={() => setZoom(Math.min(ZOOMS.length - 1, zoom + 1))}
              disabled={zoom === ZOOMS.length - 1}
              aria-label={`Zoom into ${label}`}
            >
              +
            </button>
            <button type="button" className={tool} onClick={() => setTurns((turns + 1) % 4)} aria-label={`Rotate ${label}`}>
              Rotate ↻
            </button>
          </>
        ) : null}
        <a className={`${tool} ml-auto`} href={file.url} download={document.file_name}>
          Download
        </a>
        <span className="basis-full truncate" title={document.file_name}>
          {document.file_name} · {Math.max(1, Math.round(document.size / 1024))} KB
        </span>
      </div>
    </div>
  );
}

/**
 * Approve, or reject with the reason the player will read (3–500 characters): the rejection is confirmed in a dialog
 * that says what follows for the player (decision 0099).
 */
export function DocumentDecision({
  document,
  label = documentLabel(document),
  onDecided,
}: {
  document: AdminVerificationDocument;
  label?: string;
  onDecided: (outcome: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);

  async function approve() {
    setApproving(true);
    const result = await adminApi('POST', `/api/admin/kyc/documents/${document.id}/approve`);
    setApproving(false);
    onDecided(result.ok ? { tone: 'success', text: `${label} approved.` } : { tone: 'error', text: result.message });
  }

  const owner = `${document.player.name} ${document.player.surname} (${document.player.email})`;
  return (
    <div className="flex flex-wrap gap-2">
      <Button className="px-4 py-2 text-sm" busy={approving} onClick={approve} aria-label={`Approve ${label}`}>
        Approve
      </Button>
      <Button variant="ghost" className="px-4 py-2 text-sm" onClick={() => setRejecting(true)} aria-label={`Reject ${label}`}>
        Reject…
      </Button>
      {rejecting ? (
        <ReasonDialog
          title={`Reject ${label}`}
          effect={`Reject “${label}” of ${owner}? The player reads your reason in their inbox and by e-mail, and is asked to upload the document again.`}
          confirm="Reject document"
          reasonLabel="Reason for rejection"
          reasonHint="The player reads this in their inbox and e-mail; it is kept in the audit log."
          send={(reason) => adminApi('POST', `/api/admin/kyc/documents/${document.id}/reject`, { reason })}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            onDecided({ tone: 'success', text: `${label} rejected.` });
          }}
        />
      ) : null}
    </div>
  );
}

/** What was decided, by whom and why. */
export function DocumentReview({ document }: { document: AdminVerificationDocument }) {
  if (document.status === 'pending') return <p className="text-sm text-mist-400">Waiting for review since {dateTime(document.uploaded_at)}.</p>;
  return (
    <p className="text-sm text-mist-300">
      {document.status === 'approved' ? 'Approved' : 'Rejected'} {dateTime(document.reviewed_at)}
      {document.reviewed_by ? ` by staff ${document.reviewed_by}` : ''}
      {document.reason ? (
        <>
          : <q className="text-mist-100">{document.reason}</q>
        </>
      ) : (
        '.'
      )}
    </p>
  );
}

/** One document as a reviewer sees it: what it is, the file, and the decision (or what was decided). */
export function DocumentPanel({
  document,
  canDecide,
  onDecided,
}: {
  document: AdminVerificationDocument;
  canDecide: boolean;
  onDecided: (outcome: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const label = documentLabel(document);
  return (
    <section aria-label={label} className="min-w-0 space-y-3 rounded-card border border-night-700 bg-night-850 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-mist-100">{label}</h3>
        <DocumentStatusBadge status={document.status} />
      </div>
      <DocumentViewer document={document} label={label} />
      <p className="text-xs text-mist-400">Uploaded {dateTime(document.uploaded_at)}</p>
      <DocumentReview document={document} />
      {document.status === 'pending' && canDecide ? <DocumentDecision document={document} label={label} onDecided={onDecided} /> : null}
    </section>
  );
}

/**
 * A player's identity documents for their page in the console: every document with its review, one opened in the
 * inline viewer at a time, and approve/reject for staff who decide KYC. Staff without the permission see why not.
 */
export function PlayerDocuments({ playerId }: { playerId: string | number }) {
  const me = useStaff();
  const allowed = hasPermission(me, KYC_PERMISSION);
  const { data, error, reload } = useAdminData(allowed ? `/api/admin/kyc/documents?player=${playerId}` : null);
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (!allowed)
    return (
      <Card title="KYC documents">
        <p className="text-sm text-mist-400">Identity documents are shown to staff who review KYC only.</p>
      </Card>
    );
  const documents = data ? [...data].reverse() : null;
  const opened = documents?.find((document) => document.id === open) ?? null;
  return (
    <Card title="KYC documents">
      <div className="space-y-4">
        <Link className="text-sm text-gold-400 hover:underline" to={`/admin/kyc?player=${playerId}`}>
          Review side by side in the KYC queue
        </Link>
        {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
        {error ? <Notice tone="error">{error}</Notice> : null}
        {!documents ? (
          error ? null : (
            <Loading />
          )
        ) : documents.length === 0 ? (
          <p className="text-sm text-mist-400">This player has not uploaded any documents.</p>
        ) : (
          <Table
            caption="KYC documents"
            rows={documents}
            rowKey={(document) => document.id}
            columns={[
              { key: 'document', header: 'Document', cell: (document) => documentLabel(document) },
              { key: 'status', header: 'Status', cell: (document) => <DocumentStatusBadge status={document.status} /> },
              { key: 'uploaded', header: 'Uploaded', cell: (document) => dateTime(document.uploaded_at) },
              {
                key: 'review',
                header: 'Review',
                cell: (document) =>
                  document.status === 'pending' ? (
                    '—'
                  ) : (
                    <span className="block max-w-64 truncate" title={document.reason ?? undefined}>
                      {document.reviewed_by ? `Staff ${document.reviewed_by}` : ''}
                      {document.reason ? `: ${document.reason}` : ''}
                    </span>
                  ),
              },
              {
                key: 'view',
                header: 'File',
                cell: (document) => (
                  <button
                    type="button"
                    className="text-gold-400 hover:underline"
                    aria-expanded={open === document.id}
                    onClick={() => setOpen(open === document.id ? null : document.id)}
                  >
                    {open === document.id ? 'Hide' : 'View'}
                    <span className="sr-only"> {documentLabel(document)}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
        {opened ? (
          <DocumentPanel
            key={opened.id}
            document={opened}
            canDecide
            onDecided={(result) => {
              setOutcome(result);
              void reload();
            }}
          />
        ) : null}
      </div>
    </Card>
  );
}
