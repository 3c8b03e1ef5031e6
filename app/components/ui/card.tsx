import type { ReactNode } from 'react';

export function Card({ title, action, children, className = '' }: { title?: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-card border border-night-700 bg-night-850 p-5 ${className}`}>
      {title || action ? (
        <div className="mb-3 flex items-center justify-between gap-3">
          {title ? <h2 className="text-lg font-semibold text-mist-100">{title}</h2> : <span />}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-night-600 px-6 py-10 text-center">
      <svg viewBox="0 0 48 48" className="h-12 w-12 text-night-600" aria-hidden="true">
        <rect x="6" y="10" width="36" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M6 18h36" stroke="currentColor" strokeWidth="3" />
      </svg>
      <h3 className="mt-3 font-semibold text-mist-100">{title}</h3>
      <p className="mt-1 max-w-sm text-sm text-mist-400">{text}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-night-700 ${className}`} />;
}
