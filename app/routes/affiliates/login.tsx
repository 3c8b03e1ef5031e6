import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { affiliateApi, portalNext } from '../../features/affiliates/portal-api.ts';
import { Notice } from '../../features/affiliates/portal-ui.tsx';
import { firstErrors } from '../../lib/api.ts';

export const meta = () => [{ title: 'Partner portal sign-in' }, { name: 'robots', content: 'noindex, nofollow' }];

/** Affiliate sign-in: e-mail and password, then the authenticator code (or a recovery code) when 2FA is on. */
export default function AffiliateLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [credentials, setCredentials] = useState<{ email: string; password: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // An application still in review is not a mistake of the visitor's: said plainly, not as an error.
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = credentials
      ? { ...credentials, code: String(form.get('code') ?? '').trim() }
      : { email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') };
    setBusy(true);
    const result = await affiliateApi('POST', '/api/affiliates/login', body);
    setBusy(false);
    if (!result.ok) {
      const fields = firstErrors(result.errors);
      // Wrong credentials after the code step: back to the first step, where they can be typed again.
      if (credentials && fields.email) setCredentials(null);
      setErrors({ ...fields, form: result.errors ? '' : result.message });
      setPending(result.type === 'affiliate_pending');
      return;
    }
    setErrors({});
    // Right e-mail and password with two-factor sign-in on: the code is asked for next.
    if ('two_factor' in result.body) {
      setCredentials({ email: body.email, password: body.password });
      return;
    }
    navigate(portalNext(params.get('next')), { replace: true });
  }

  return (
    <main data-layout="affiliate-login" className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-night-900 px-4 py-10">
      <a href="/" className="flex items-center gap-2 text-mist-300 hover:text-mist-100">
        <LogoMark className="h-9 w-9" />
        <span className="text-sm">Back to the casino</span>
      </a>
      <form onSubmit={submit} className="w-full max-w-sm space-y-4 rounded-card border border-night-700 bg-night-850 p-6" noValidate>
        <div>
          <h1 className="text-xl font-semibold text-mist-100">{credentials ? 'Two-factor sign-in' : 'Partner portal sign-in'}</h1>
          <p className="mt-1 text-sm text-mist-400">
            {credentials ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.' : 'For approved affiliates of the casino.'}
          </p>
        </div>
        {credentials ? (
          <TextField key="code" label="Code" name="code" autoComplete="one-time-code" inputMode="text" autoFocus error={errors.code} />
        ) : (
          <>
            <TextField label="E-mail" name="email" type="email" autoComplete="username" error={errors.email} />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
          </>
        )}
        {errors.form ? <Notice tone={pending ? 'info' : 'error'}>{errors.form}</Notice> : null}
        <Button type="submit" busy={busy} className="w-full">
          {credentials ? 'Verify' : 'Sign in'}
        </Button>
        {credentials ? (
          <button type="button" className="w-full text-sm text-mist-400 underline hover:text-mist-100" onClick={() => setCredentials(null)}>
            Use another account
          </button>
        ) : (
          <p className="text-center text-sm text-mist-400">
            Not a partner yet?{' '}
            <Link to="/affiliates" className="text-gold-300 underline" reloadDocument>
              Apply to the programme
            </Link>
          </p>
        )}
      </form>
    </main>
  );
}
