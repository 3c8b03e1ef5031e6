import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffLink } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminApi } from '../../features/admin/api.ts';
import { Loading, Notice } from '../../features/admin/ui.tsx';
import { firstErrors } from '../../lib/api.ts';

export const meta = () => [{ title: 'Choose your back-office password' }, { name: 'robots', content: 'noindex, nofollow' }];

type State = { state: 'loading' } | { state: 'gone'; message: string } | { state: 'open'; link: StaffLink } | { state: 'done'; email: string };

/**
 * A staff member's one-time link (docs/decisions/0106): an invitation or an admin's reset. They choose their password
 * here, once; then they sign in, and set up two-factor sign-in where it is required.
 */
export default function AdminPassword() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ state: 'loading' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void adminApi<{ data: StaffLink }>('GET', `/api/admin/password-links/${encodeURIComponent(token)}`).then((result) =>
      setState(result.ok ? { state: 'open', link: result.body.data } : { state: 'gone', message: result.message }),
    );
  }, [token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('password_confirmation') ?? '')) {
      setErrors({ password_confirmation: 'The two passwords are not the same.' });
      return;
    }
    setBusy(true);
    const result = await adminApi<{ data: { email: string } }>('POST', `/api/admin/password-links/${encodeURIComponent(token)}`, { password });
    setBusy(false);
    if (result.ok) setState({ state: 'done', email: result.body.data.email });
    else if (result.status === 404) setState({ state: 'gone', message: result.message });
    else setErrors({ ...firstErrors(result.errors), form: result.errors ? '' : result.message });
  }

  return (
    <main data-layout="admin-login" className="flex min-h-screen items-center justify-center bg-night-900 px-4">
      <div className="w-full max-w-sm space-y-4 rounded-card border border-night-700 bg-night-850 p-6">
        {state.state === 'loading' ? (
          <Loading />
        ) : state.state === 'gone' ? (
          <>
            <h1 className="text-xl font-semibold text-mist-100">This link does not work</h1>
            <Notice tone="error">{state.message}</Notice>
            <Link to="/admin/login" className="btn btn-ghost w-full">
              Back office sign-in
            </Link>
          </>
        ) : state.state === 'done' ? (
          <>
            <h1 className="text-xl font-semibold text-mist-100">Your password is set</h1>
            <Notice tone="success">Sign in as {state.email} with your new password.</Notice>
            <Link to="/admin/login" className="btn btn-primary w-full">
              Sign in
            </Link>
          </>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate aria-label="Choose your password">
            <h1 className="text-xl font-semibold text-mist-100">{state.link.purpose === 'invite' ? 'Welcome to the back office' : 'Choose a new password'}</h1>
            <p className="text-sm text-mist-300">
              Choose the password for <span className="font-semibold text-mist-100">{state.link.email}</span>: at least 12 characters. This link works once.
            </p>
            <TextField label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
            <TextField label="Password again" name="password_confirmation" type="password" autoComplete="new-password" error={errors.password_confirmation} />
            {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
            <Button type="submit" busy={busy} className="w-full">
              Set password
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
