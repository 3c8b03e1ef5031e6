import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * An accessible modal dialog on the platform's own <dialog>: showModal() makes the page behind inert
 * (focus stays inside), Escape closes, and the title labels it. Server-rendered open, so the content
 * is visible before JavaScript arrives.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-auto w-[min(28rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-card border border-night-600 bg-night-850 p-0 text-mist-100 shadow-glow"
    >
      <div className="flex items-start justify-between gap-4 border-b border-night-700 px-6 py-4">
        <h2 id={titleId} className="font-display text-2xl font-bold">
          {title}
        </h2>
        <button type="button" onClick={onClose} className="btn btn-ghost min-h-0 px-2 py-1" aria-label="Close">
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <div className="px-6 py-5">{children}</div>
    </dialog>
  );
}
