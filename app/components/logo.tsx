/** Croupier's mark: a gold chip with a spade cut out of it. Drawn by us. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="#f7c14b" />
      <circle cx="24" cy="24" r="22" fill="none" stroke="#0b0e17" strokeWidth="4" strokeDasharray="6 5.5" />
      <circle cx="24" cy="24" r="14.5" fill="#0b0e17" />
      <path
        d="M24 13c-3 4.2-8.5 7.3-8.5 11.7 0 2.7 2.1 4.6 4.6 4.6 1.4 0 2.6-.6 3.3-1.5-.3 2.6-1.5 4.6-3.4 5.8h8c-1.9-1.2-3.1-3.2-3.4-5.8.7.9 1.9 1.5 3.3 1.5 2.5 0 4.6-1.9 4.6-4.6C32.5 20.3 27 17.2 24 13z"
        fill="#f7c14b"
      />
    </svg>
  );
}

export function Logo({ name }: { name: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span className="hidden font-display text-xl font-bold tracking-wide text-mist-100 sm:inline">{name}</span>
    </span>
  );
}
