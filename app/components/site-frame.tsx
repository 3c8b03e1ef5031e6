import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, page body and footer: the frame every layout except "none" shares. */
export function SiteFrame({ layout, className = '', children }: { layout: string; className?: string; children: ReactNode }) {
  return (
    <div data-layout={layout} className={`flex min-h-dvh flex-col ${className}`}>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function PageHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="mb-6">
      <h1 className="font-display text-3xl font-bold text-mist-100 sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-2 max-w-2xl text-mist-300">{lead}</p> : null}
    </div>
  );
}
