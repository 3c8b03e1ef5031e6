import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { COUNTRIES } from '../../../contract/countries.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { affiliateApi } from '../../features/affiliates/portal-api.ts';
import { day, Notice, Panel, PortalHeading } from '../../features/affiliates/portal-ui.tsx';
import { useAffiliate } from '../../features/affiliates/session.tsx';
import { PAYOUT_METHODS, type PayoutMethod } from '../../features/affiliates/types.ts';
import { firstErrors } from '../../lib/api.ts';

function Details() {
  const { me, refresh } = useAffiliate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState<PayoutMethod>(me.payout_method);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setSaved(false);
    const result = await affiliateApi('PATCH', '/api/affiliates/me', {
      contact_name: value('contact_name'),
      website: value('website') || null,
      country: value('country'),
      payout_method: method,
      payout_details: value('payout_details'),
    });
    setBusy(false);
    if (!result.ok) {
      setErrors({ ...firstErrors(result.errors), form: result.errors ? '' : result.message });
      return;
    }
    setErrors({});
    setSaved(true);
    refresh();
  }

  const hint = PAYOUT_METHODS.find((item) => item.value === method)?.details;
  return (
    <Panel title="Your details">
      <dl className="mb-5 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-mist-400">{me.kind === 'company' ? 'Company' : 'Name'}</dt>
          <dd className="break-words text-mist-100">{me.name}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-mist-400">E-mail (sign-in)</dt>
          <dd className="break-all text-mist-100">{me.email}</dd>
        </div>
        <div>
          <dt className="text-mist-400">Partner since</dt>
          <dd className="text-mist-100">{day(me.approved_at ?? me.created_at)}</dd>
        </div>
      </dl>
      <form onSubmit={save} noValidate className="space-y-4" aria-label="Your details">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Contact name" name="contact_name" defaultValue={me.contact_name} maxLength={120} error={errors.contact_name} />
          <TextField label="Website" name="website" type="url" defaultValue={me.website ?? ''} maxLength={200} placeholder="https://" error={errors.website} />
          <SelectField
            label="Country"
            name="country"
            defaultValue={me.country}
            options={COUNTRIES.map((country) => ({ value: country.code, label: country.name }))}
            error={errors.country}
          />
          <SelectField
            label="Payout method"
            name="payout_method"
            value={method}
            onChange={(event) => setMethod(PAYOUT_METHODS.find((one) => one.value === event.target.value)?.value ?? method)}
            options={PAYOUT_METHODS.map(({ value, label }) => ({ value, label }))}
            error={errors.payout_method}
          />
        </div>
        <TextAreaField
          label="Payout details"
          name="payout_details"
          rows={3}
          maxLength={500}
          defaultValue={me.payout_details}
          hint={hint}
          error={errors.payout_details}
        />
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {saved ? <Notice tone="success">Your details are saved. Payouts from now on go to these payout details.</Notice> : null}
        <Button type="submit" busy={busy}>
          Save details
        </Button>
      </form>
    </Panel>
  );
}

function TwoFactor() {
  const { me, refresh } = useAffiliate();
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    const result = await affiliateApi('POST', '/api/affiliates/two-factor/setup');
    setBusy(false);
    if (result.ok) setSetup(result.body.data);
    else setError(result.message);
  }
  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    const result = await affiliateApi('POST', '/api/affiliates/two-factor/confirm', { code });
    setBusy(false);
    if (!result.ok) {
      setError(firstErrors(result.errors).code ?? result.message);
      return;
    }
    setError(null);
    setCodes(result.body.data.recovery_codes);
    refresh();
  }

  return (
    <Panel title="Two-factor sign-in">
      {codes ? (
        <>
          <p className="mb-3 text-sm text-mist-300">
            Two-factor sign-in is on. Keep these codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-mist-100 sm:grid-cols-5">
            {codes.map((code) => (
              <li key={code} className="rounded bg-night-800 px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
        </>
      ) : me.two_factor ? (
        <Notice tone="success">Two-factor sign-in is on. Ask your account manager to reset it if you lose your phone and your recovery codes.</Notice>
      ) : setup ? (
        <div className="flex flex-col gap-5 sm:flex-row">
          <div className="self-start rounded-lg bg-white p-3">
            <QRCodeSVG value={setup.otpauth_url} size={168} title="Two-factor QR code" />
          </div>
          <form onSubmit={confirm} className="min-w-0 flex-1 space-y-3" noValidate>
            <p className="text-sm text-mist-300">
              Scan the code with your authenticator app, or type this key: <code className="break-all font-mono text-mist-100">{setup.secret}</code>
            </p>
            <TextField label="6-digit code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" error={error ?? undefined} />
            <Button type="submit" busy={busy}>
              Turn on two-factor sign-in
            </Button>
          </form>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-mist-300">Protect your partner account with a code from an authenticator app at every sign-in.</p>
          {error ? <Notice tone="error">{error}</Notice> : null}
          <Button onClick={start} busy={busy}>
            Set up two-factor sign-in
          </Button>
        </>
      )}
    </Panel>
  );
}

/** The affiliate's own details, payout details and two-factor sign-in. */
export default function AffiliateProfile() {
  return (
    <div className="max-w-3xl space-y-6">
      <PortalHeading title="Profile" lead="Your company or name and sign-in e-mail are changed by your account manager; the rest is yours to keep current." />
      <Details />
      <TwoFactor />
    </div>
  );
}
