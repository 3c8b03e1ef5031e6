import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminApi } from '../../features/admin/api.ts';
import { useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, Notice } from '../../features/admin/ui.tsx';
import { firstErrors } from '../../lib/api.ts';

/** Enrolment in two-factor sign-in: a QR code for the authenticator app, a code to confirm, ten recovery codes. */
export default function AdminSecurity() {
  const me = useStaff();
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    const result = await adminApi('POST', '/api/admin/two-factor/setup');
    setBusy(false);
    if (result.ok) setSetup(result.body.data);
    else setError(result.message);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const result = await adminApi('POST', '/api/admin/two-factor/confirm', { code });
    setBusy(false);
    if (result.ok) {
      setCodes(result.body.data.recovery_codes);
      setError(null);
    } else setError(firstErrors(result.errors).code ?? result.message);
  }

  return (
    <div className="max-w-2xl space-y-5">
      <AdminHeading title="Two-factor sign-in" />
      {me.must_enrol && !codes ? <Notice tone="error">Set up two-factor sign-in before doing anything else.</Notice> : null}
      {codes ? (
        <Card title="Your recovery codes">
          <p className="mb-3 text-sm text-mist-300">
            Two-factor sign-in is on. Keep these ten codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-mist-100 sm:grid-cols-5">
            {codes.map((code) => (
              <li key={code} className="rounded bg-night-800 px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
          <a href="/admin" className="btn btn-primary mt-4 inline-flex">
            Continue to the back office
          </a>
        </Card>
      ) : me.two_factor ? (
        <Notice tone="success">Two-factor sign-in is on for {me.email}. An admin can reset it if you lose your phone and your recovery codes.</Notice>
      ) : setup ? (
        <Card title="Scan this code with your authenticator app">
          <div className="flex flex-col gap-5 sm:flex-row">
            <div className="self-start rounded-lg bg-white p-3">
              <QRCodeSVG value={setup.otpauth_url} size={168} title="Two-factor QR code" />
            </div>
            <form onSubmit={confirm} className="flex-1 space-y-3" noValidate>
              <p className="text-sm text-mist-300">
                Or type this key:{' '}
                <code className="break-all font-mono text-mist-100" data-testid="totp-secret">
                  {setup.secret}
                </code>
              </p>
              <TextField label="6-digit code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" error={error ?? undefined} />
              <Button type="submit" busy={busy}>
                Turn on two-factor sign-in
              </Button>
            </form>
          </div>
        </Card>
      ) : (
        <Card>
          <p className="mb-4 text-sm text-mist-300">Protect your staff account with a code from an authenticator app at every sign-in.</p>
          {error ? <Notice tone="error">{error}</Notice> : null}
          <Button onClick={start} busy={busy}>
            Set up two-factor sign-in
          </Button>
        </Card>
      )}
      {me.must_enrol ? null : <ChangePassword />}
    </div>
  );
}

/** The member's own password: the current one first; every other session of theirs ends, this one stays. */
function ChangePassword() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const password = String(form.get('password') ?? '');
    setDone(false);
    if (password !== String(form.get('password_confirmation') ?? '')) {
      setErrors({ password_confirmation: 'The two passwords are not the same.' });
      return;
    }
    setBusy(true);
    const result = await adminApi('POST', '/api/admin/me/password', { current_password: String(form.get('current_password') ?? ''), password });
    setBusy(false);
    setErrors(result.ok ? {} : { ...firstErrors(result.errors), form: result.errors ? '' : result.message });
    if (result.ok) {
      element.reset();
      setDone(true);
    }
  }
  return (
    <Card title="Change your password" className="max-w-xl">
      <form onSubmit={submit} className="space-y-3" noValidate aria-label="Change your password">
        <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" error={errors.current_password} />
        <TextField label="New password (12+ characters)" name="password" type="password" autoComplete="new-password" error={errors.password} />
        <TextField label="New password again" name="password_confirmation" type="password" autoComplete="new-password" error={errors.password_confirmation} />
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {done ? <Notice tone="success">Your password is changed. Your other sessions were signed out.</Notice> : null}
        <Button type="submit" busy={busy}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
