// The affiliate programme's application form (issue 31 §1): company or person, contact, login, country, website and
// payout details. The browser checks what it can at once, every field together (apply-rules.ts); the server checks
// the rest (a free e-mail, a common password) and answers one field a try, shown under it as the register wizard does.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { COUNTRIES } from '../../../contract/countries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox, SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { callApi, firstErrors } from '../../lib/api.ts';
import { EMPTY_APPLICATION, type Form, FIELD_ORDER, localErrors } from './apply-rules.ts';
import { PAYOUT_METHODS } from './types.ts';

export function AffiliateApplyForm() {
  const [form, setForm] = useState<Form>(EMPTY_APPLICATION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ email: string } | null>(null);
  const receivedRef = useRef<HTMLDivElement>(null);
  // The answer takes the form's place: on a phone that place may be far above what is on the screen.
  useEffect(() => {
    if (done) receivedRef.current?.scrollIntoView({ block: 'center' });
  }, [done]);

  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };
  const text = (name: Exclude<keyof Form, 'terms'>) => ({
    name,
    value: form[name],
    error: errors[name] || undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    // What the browser can tell at once, every field together; the server then checks the rest (one answer a try).
    const local = localErrors(form);
    const { terms, ...fields } = form;
    // Unaccepted terms are among the local errors.
    if (Object.keys(local).length > 0 || !terms) {
      showErrors(local);
      return;
    }
    setBusy(true);
    const result = await callApi('POST', '/api/affiliates/apply', {
      ...fields,
      terms,
      website: form.website.trim() || null,
      email: form.email.trim(),
    });
    setBusy(false);
    if (result.ok) {
      setDone({ email: form.email.trim() });
      return;
    }
    showErrors(firstErrors(result.errors));
    if (!result.errors) setProblem(result.message);
  }

  if (done) {
    return (
      <div ref={receivedRef} className="space-y-3 rounded-card border border-felt-500/50 bg-night-850 p-6" role="status" data-testid="application-received">
        <h2 className="text-xl font-semibold text-mist-100">Application received</h2>
        <p className="text-mist-300">
          Thank you. We will e-mail you at <strong className="break-all text-mist-100">{done.email}</strong> when it is approved.
        </p>
        <p className="text-sm text-mist-400">
          Then sign in to the{' '}
          <a href="/affiliates/login" className="text-gold-300 underline">
            partner portal
          </a>{' '}
          with the e-mail and password you chose.
        </p>
      </div>
    );
  }

  const payout = PAYOUT_METHODS.find((method) => method.value === form.payout_method) ?? PAYOUT_METHODS[0]!;
  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-card border border-night-700 bg-night-850 p-5 sm:p-6" aria-label="Affiliate application">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-mist-100">You apply as</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['company', 'person'] as const).map((kind) => (
            <label
              key={kind}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm ${form.kind === kind ? 'border-gold-400 text-mist-100' : 'border-night-600 text-mist-300'}`}
            >
              <input type="radio" name="kind" value={kind} checked={form.kind === kind} onChange={() => set('kind', kind)} className="accent-gold-400" />
              {kind === 'company' ? 'A company' : 'A private person'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={form.kind === 'company' ? 'Company name' : 'Your full name'}
          autoComplete={form.kind === 'company' ? 'organization' : 'name'}
          maxLength={120}
          {...text('name')}
        />
        <TextField label="Contact name" autoComplete="name" maxLength={120} hint="Who we talk to about the partnership." {...text('contact_name')} />
        <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" maxLength={254} {...text('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          hint="At least 8 characters, with a lowercase letter, a number and a symbol."
          {...text('password')}
        />
        <SelectField
          label="Country"
          autoComplete="country"
          placeholder="Choose your country"
          options={COUNTRIES.map((country) => ({ value: country.code, label: country.name }))}
          {...text('country')}
        />
        <TextField label="Website (optional)" type="url" inputMode="url" placeholder="https://" maxLength={200} {...text('website')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <SelectField label="Payout method" options={PAYOUT_METHODS.map(({ value, label }) => ({ value, label }))} {...text('payout_method')} />
        <TextAreaField label="Payout details" rows={2} maxLength={500} hint={payout.details} {...text('payout_details')} />
      </div>
      <Checkbox
        name="terms"
        checked={form.terms}
        error={errors.terms || undefined}
        onChange={(event) => set('terms', event.target.checked)}
        label={
          <>
            I accept the{' '}
            <a href="/terms-and-conditions" target="_blank" rel="noopener" className="text-gold-300 underline">
              terms and conditions
            </a>{' '}
            of the affiliate programme and will promote the casino only to adults, where online gambling is legal.
          </>
        }
      />
      {problem ? (
        <p role="alert" className="rounded-lg border border-ruby-500 px-4 py-3 text-sm text-ruby-500">
          {problem}
        </p>
      ) : null}
      <Button type="submit" busy={busy} className="w-full sm:w-auto">
        Send application
      </Button>
    </form>
  );
}
