import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminApi } from '../../features/admin/api.ts';
import { Notice } from '../../features/admin/ui.tsx';
import { firstErrors } from '../../lib/api.ts';

export const meta = () => [{ title: 'Back office sign-in' }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff sign-in: e-mail and password, then the authenticator code (or a recovery code) when 2FA is on. */
export default function AdminLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const asked = params.get('next');
  const next = asked?.startsWith('/admin') ? asked : '/admin';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const field = (name: string) => String(form.get(name) ?? '');
    const result = challenge
      ? await adminApi('POST', '/api/admin/login/two-factor', { challenge, code: field('code') })
      : await adminApi('POST', '/api/admin/login', { email: field('email'), password: field('password') });
    setBusy(false);
    if (!result.ok) {
      setErrors({ ...firstErrors(result.errors), form: result.errors ? '' : result.message });
      return;
    }
    setErrors({});
    if ('challenge' in result.body) {
      setChallenge(result.body.challenge);
      return;
    }
    // Signed in: the answer set the console's cookie, which every tab of this browser now shares.
    navigate(next, { replace: true });
  }

  return (
    <main data-layout="admin-login" className="flex min-h-screen items-center justify-center bg-night-900 px-4">
      <form onSubmit={submit} className="w-full max-w-sm space-y-4 rounded-card border border-night-700 bg-night-850 p-6" noValidate>
        <h1 className="text-xl font-semibold text-mist-100">{challenge ? 'Two-factor sign-in' : 'Back office sign-in'}</h1>
        {challenge ? (
          <>
            <p className="text-sm text-mist-300">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
            <TextField key="code" label="Code" name="code" autoComplete="one-time-code" inputMode="text" autoFocus error={errors.code} />
          </>
        ) : (
          <>
            <TextField label="E-mail" name="email" type="email" autoComplete="username" error={errors.email} />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
          </>
        )}
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        <Button type="submit" busy={busy} className="w-full">
          {challenge ? 'Verify' : 'Sign in'}
        </Button>
      </form>
    </main>
  );
}
