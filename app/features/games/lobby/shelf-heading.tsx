import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A lobby row's title, its "See all" link to the full listing and room for the row's scroll buttons. */
export function ShelfHeading({ id, title, seeAll, children }: { id: string; title: string; seeAll?: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-9 items-center justify-between gap-3">
      <h2 id={id} className="font-display text-xl font-bold text-mist-100 sm:text-2xl">
        {title}
      </h2>
      <div className="flex items-center gap-3">
        {children}
        {seeAll ? (
          <Link to={seeAll} className="text-sm font-semibold text-gold-300 hover:underline">
            See all<span className="sr-only"> {title}</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
}
