import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { VerificationDocument } from '../../../contract/verification.ts';

const ACCEPTED = 'image/jpeg,image/png,application/pdf';
const MAX_BYTES = 10 * 1024 * 1024;

export type SlotUpload = (file: File, onProgress: (fraction: number) => void) => Promise<string | null>;

const STATUS_TEXT: Record<VerificationDocument['status'], { label: string; className: string }> = {
  pending: { label: 'Waiting for review', className: 'border-gold-500/60 bg-gold-400/10 text-gold-300' },
  approved: { label: 'Approved', className: 'border-felt-500/60 bg-felt-500/10 text-felt-500' },
  rejected: { label: 'Not accepted', className: 'border-ruby-500/60 bg-ruby-500/10 text-ruby-500' },
};

export function StatusBadge({ status }: { status: VerificationDocument['status'] }) {
  const { label, className } = STATUS_TEXT[status];
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}

/** A quick check before sending, so nobody waits for a 30 MB upload to be told it is too big; the server decides. */
function localProblem(file: File): string | null {
  if (file.size > MAX_BYTES) return 'The file is larger than 10 MB. Please upload a smaller photo or scan.';
  if (file.type && !ACCEPTED.split(',').includes(file.type) && !file.type.startsWith('image/')) return 'Please upload a JPEG or PNG photo or a PDF document.';
  return null;
}

/**
 * One side of one document: its status when one was sent, else (or after a rejection, or to replace a pending one)
 * a drop zone with "Choose a file" and, on phones, "Take a photo" with the back camera; a preview and the progress.
 */
export function DocumentSlot({ title, hint, current, upload }: { title: string; hint: string; current: VerificationDocument | undefined; upload: SlotUpload }) {
  const inputId = useId();
  const cameraId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // A data: URL (the site's CSP allows data: images, not blob:), read only for images the player just chose.
  useEffect(() => {
    setPreview(null);
    if (!file?.type.startsWith('image/')) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  async function send(chosen: File) {
    setFile(chosen);
    setProblem(null);
    const local = localProblem(chosen);
    if (local) return setProblem(local);
    setProgress(0);
    const failure = await upload(chosen, setProgress);
    setProgress(null);
    if (failure) return setProblem(failure);
    setReplacing(false);
    setFile(null);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void send(dropped);
  }

  const showZone = !current || current.status === 'rejected' || replacing;
  const busy = progress !== null;
  return (
    <div className="rounded-xl border border-night-700 bg-night-900/60 p-4" data-testid="document-slot">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-mist-100">{title}</h4>
        {current ? <StatusBadge status={current.status} /> : null}
      </div>
      {current ? (
        <p className="mt-1 truncate text-sm text-mist-400">
          {current.file_name} · sent {new Date(current.uploaded_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
        </p>
      ) : (
        <p className="mt-1 text-sm text-mist-400">{hint}</p>
      )}
      {current?.status === 'rejected' ? (
        <div className="mt-3 rounded-lg border border-ruby-500/40 bg-ruby-500/10 p-3 text-sm" role="note">
          <p className="font-semibold text-mist-100">Why: {current.reason}</p>
          <p className="mt-1 text-mist-300">
            How to fix it: take a new photo in good light, flat on a dark surface, with all four corners visible, no glare and every word readable. Then upload
            it below.
          </p>
        </div>
      ) : null}
      {current?.status === 'pending' && !replacing ? (
        <button type="button" className="mt-3 text-sm font-semibold text-gold-400 underline-offset-4 hover:underline" onClick={() => setReplacing(true)}>
          Replace this file
        </button>
      ) : null}
      {showZone ? (
        <div
          role="group"
          aria-label={`${title}: drop a file here`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`mt-3 flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors ${
            dragging ? 'border-gold-400 bg-gold-400/10' : 'border-night-600'
          }`}
        >
          {preview ? (
            <img src={preview} alt={`Preview of ${title.toLowerCase()}`} className="max-h-40 rounded-md border border-night-700 object-contain" />
          ) : file ? (
            <p className="flex items-center gap-2 text-sm text-mist-300">
              <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-gold-400" aria-hidden="true">
                <path d="M6 2h8l5 5v15H6z M14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
              <span className="truncate">{file.name}</span>
            </p>
          ) : (
            <svg viewBox="0 0 48 48" className="h-10 w-10 text-mist-400" aria-hidden="true">
              <path d="M24 32V12m0 0l-8 8m8-8l8 8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
              <path d="M8 30v6a4 4 0 004 4h24a4 4 0 004-4v-6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            </svg>
          )}
          {busy ? (
            <div className="w-full max-w-xs">
              <div
                role="progressbar"
                aria-label={`Uploading ${title.toLowerCase()}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round((progress ?? 0) * 100)}
                className="h-2 overflow-hidden rounded-full bg-night-700"
              >
                <div className="h-full bg-gold-400 transition-all" style={{ width: `${Math.round((progress ?? 0) * 100)}%` }} />
              </div>
              <p className="mt-1 text-xs text-mist-400">Uploading… {Math.round((progress ?? 0) * 100)}%</p>
            </div>
          ) : (
            <>
              <p className="hidden text-sm text-mist-300 md:block">Drag and drop your file here, or</p>
              <div className="flex flex-wrap justify-center gap-2">
                <label htmlFor={cameraId} className="btn btn-primary cursor-pointer md:hidden">
                  Take a photo
                </label>
                <label htmlFor={inputId} className="btn btn-ghost cursor-pointer">
                  Choose a file
                </label>
              </div>
              <p className="text-xs text-mist-400">JPEG, PNG or PDF, up to 10 MB</p>
            </>
          )}
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept={ACCEPTED}
            className="sr-only"
            aria-label={`${title}: choose a file`}
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void send(chosen);
            }}
          />
          <input
            id={cameraId}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            aria-label={`${title}: take a photo`}
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void send(chosen);
            }}
          />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-ruby-500">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
