import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'btn btn-primary',
  ghost: 'btn btn-ghost',
  danger: 'btn bg-ruby-500 text-white hover:bg-ruby-500/90',
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
