import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/password';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { Loading, Notice } from '../../features/admin/ui.tsx';
import { firstErrors } from '../../lib/api.ts';

export const meta = () => [{ title: 'Choose your back-office password' }, { name: 'robots', content: 'noindex, nofollow' }];

/** The link, or why it does not work (used, expired, replaced, or not a link at all). */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const loaded = await adminLoad(request, `/api/admin/password-links/${encodeURIComponent(params.token)}`);
  return loaded.error !== null ? { link: null, error: loaded.error } : { link: loaded.data, error: null };
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <main data-layout="admin-login" className="flex min-h-screen items-center justify-center bg-night-900 px-4">
      <div className="w-full max-w-sm space-y-4 rounded-card border border-night-700 bg-night-850 p-6">{children}</div>
    </main>
  );
}

export function HydrateFallback() {
  return (
    <Frame>
      <Loading />
    </Frame>
  );
}

/**
 * A staff member's one-time link (docs/decisions/0106): an invitation or an admin's reset. They choose their password
 * here, once; then they sign in, and set up two-factor sign-in where it is required.
 */
export default function AdminPassword({ loaderData, params }: Route.ComponentProps) {
  /** What became of the link here: used to set the password, or found gone on sending. */
  const [after, setAfter] = useState<{ state: 'gone'; message: string } | { state: 'done'; email: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const link = loaderData.link;
  const gone = after?.state === 'gone' ? after.message : loaderData.error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!link) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('password_confirmation') ?? '')) {
      setErrors({ password_confirmation: 'The two passwords are not the same.' });
      return;
    }
    setBusy(true);
    const result = await adminApi('POST', `/api/admin/password-links/${encodeURIComponent(params.token)}`, { password });
    setBusy(false);
    // The password is the link's e-mail's, which the link named.
    if (result.ok) setAfter({ state: 'done', email: link.email });
    else if (result.status === 404) setAfter({ state: 'gone', message: result.message });
    else setErrors({ ...firstErrors(result.errors), form: result.errors ? '' : result.message });
  }

  return (
    <Frame>
      {gone !== null || !link ? (
        <>
          <h1 className="text-xl font-semibold text-mist-100">This link does not work</h1>
          <Notice tone="error">{gone}</Notice>
          <Link to="/admin/login" className="btn btn-ghost w-full">
            Back office sign-in
          </Link>
        </>
      ) : after?.state === 'done' ? (
        <>
          <h1 className="text-xl font-semibold text-mist-100">Your password is set</h1>
          <Notice tone="success">Sign in as {after.email} with your new password.</Notice>
          <Link to="/admin/login" className="btn btn-primary w-full">
            Sign in
          </Link>
        </>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Choose your password">
          <h1 className="text-xl font-semibold text-mist-100">{link.purpose === 'invite' ? 'Welcome to the back office' : 'Choose a new password'}</h1>
          <p className="text-sm text-mist-300">
            Choose the password for <span className="font-semibold text-mist-100">{link.email}</span>: at least 12 characters. This link works once.
          </p>
          <TextField label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
          <TextField label="Password again" name="password_confirmation" type="password" autoComplete="new-password" error={errors.password_confirmation} />
          {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
          <Button type="submit" busy={busy} className="w-full">
            Set password
          </Button>
        </form>
      )}
    </Frame>
  );
}
