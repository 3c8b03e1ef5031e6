import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'btn btn-primary',
  ghost: 'btn btn-ghost',
  // White on ruby-500 is 3.91:1; this deeper red is 5.2:1 and 6.5:1 hovered (WCAG AA, issue 34 §6).
  danger: 'btn bg-[#c8363b] text-white hover:bg-[#b3262b]',
} as const;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants; busy?: boolean };

/** A button; `busy` disables it and says so to assistive technology while an action runs. */
export function Button({ variant = 'primary', busy = false, className = '', disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${variants[variant]} disabled:cursor-not-allowed disabled:opacity-50 ${className}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" /> : null}
      {children}
    </button>
  );
}
