import { useState } from 'react';
import type { RegistrationResponse } from '../../../contract/accounts.ts';
import { stepGatePasses, REGISTRATION_STEPS, GENDERS, type RegistrationForm } from '../../../contract/accounts.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox, SelectField, TextField } from '../../components/ui/field.tsx';
import { analytics } from '../../lib/analytics.ts';
import { clearCookie, readCookie, writeCookie } from '../../lib/browser-cookies.ts';
import { SEVEN_DAYS_S } from '../../lib/constants.ts';
import { usePopup } from '../../lib/popup-context.tsx';
import { callApi, firstErrors } from '../../lib/api.ts';
import { markLoggedIn } from '../../lib/session-flags.ts';
import { useServedCountries } from '../../lib/use-served-countries.ts';

export const REFERRER_KEY = 'referrer';
const LOADING_RESET_MS = 1000;

type Step = 1 | 2 | 3;
type Form = Omit<RegistrationForm, 'gender' | 'phone'> & { gender: string };

const emptyForm: Form = {
  email: '',
  password: '',
  name: '',
  surname: '',
  birthdate: '',
  gender: '',
  country: '',
  city: '',
  address1: '',
  postcode: '',
  phonePrefix: '',
  phoneNumber: '',
  newsletter: false,
  agreement: false,
};

/** '+' plus prefix plus number (SPEC.md §5), without spaces or a doubled '+'. */
function phoneOf(prefix: string | undefined, number: string): string {
  return `+${(prefix ?? '').replace(/\D/g, '')}${number.replace(/\D/g, '')}`;
}

/** The body of a step's dry run: only that step's fields, plus `phone` on step 3 (SPEC.md §7). */
function dryRunBody(step: Step, form: Form): Record<string, unknown> {
  const fields: readonly string[] = REGISTRATION_STEPS[step - 1] ?? [];
  const body: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, form[field as keyof Form]]));
  if (step === 3) body.phone = phoneOf(form.phonePrefix, form.phoneNumber);
  return body;
}

const stepTitles = ['Your login', 'About you', 'Where you live'];

/** The 3-step registration wizard (SPEC.md §4–§5). */
export function RegisterWizard() {
  const { openPopup } = usePopup();
  const countries = useServedCountries();
  const [step, setStep] = useState<Step>(1);
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<RegistrationResponse | null>(null);

  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };
  const field = (name: keyof Form) => ({
    name,
    value: String(form[name] ?? ''),
    error: errors[name] || undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });

  async function next() {
    setBusy(true);
    setProblem(null);
    const fields: readonly string[] = REGISTRATION_STEPS[step - 1] ?? [];
    const result = await callApi('POST', '/api/register', dryRunBody(step, form), {
      Precognition: 'true',
      'Precognition-Validate-Only': fields.join(','),
    });
    setBusy(false);
    analytics().track({ event: 'registration_step', step });
    if (!result.ok) {
      setErrors(firstErrors(result.errors));
      if (!result.errors) setProblem(result.message);
      return false;
    }
    return true;
  }

  async function register() {
    if (!(await next())) return;
    setBusy(true);
    const query = new URLSearchParams(window.location.search);
    const body: RegistrationForm = {
      ...(form as RegistrationForm),
      phone: phoneOf(form.phonePrefix, form.phoneNumber),
      ma_token: readCookie('ma_token') ?? null,
      promo: query.get('promo'),
      referrer: window.sessionStorage.getItem(REFERRER_KEY),
    };
    const result = await callApi('POST', '/api/register', body);
    if (!result.ok) {
      const found = firstErrors(result.errors);
      setErrors(found);
      setProblem(result.errors ? null : result.message);
      // An error on an earlier step (say the e-mail was taken meanwhile) takes the player back there.
      const stepWithError = REGISTRATION_STEPS.findIndex((fields) => fields.some((name) => found[name]));
      if (stepWithError >= 0) setStep((stepWithError + 1) as Step);
      setBusy(false);
      return;
    }
    const login = await callApi('POST', '/api/login', { email: form.email, password: form.password });
    if (login.ok) markLoggedIn();
    const bonusId = query.get('bonusId');
    const promo = query.get('promo');
    if (bonusId || promo) writeCookie('trackingParams', JSON.stringify({ bonusId, promo }), { maxAge: SEVEN_DAYS_S, sameSite: 'lax' });
    clearCookie('ma_token');
    window.sessionStorage.removeItem(REFERRER_KEY);
    analytics().track({ event: 'registration_complete' });
    window.setTimeout(() => setBusy(false), LOADING_RESET_MS);
    if (result.body.activation_type === 'sms') openPopup('sms-verification', bonusId ?? '/all-bonuses');
    else setDone(result.body);
  }

  if (done) {
    return (
      <div className="space-y-4" role="status">
        <p className="text-lg font-semibold text-mist-100">Welcome aboard, {done.data.name}!</p>
        <p className="text-mist-300">
          We have sent an activation link to <strong className="text-mist-100">{done.data.email}</strong>. Follow it to activate your account and make your
          first deposit.
        </p>
        <Button className="w-full" onClick={() => window.location.assign('/')}>
          Continue
        </Button>
      </div>
    );
  }

  const gatePasses = stepGatePasses(step, { ...form, agreement: form.agreement });
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!gatePasses || busy) return;
        if (step < 3) void next().then((ok) => ok && setStep((step + 1) as Step));
        else void register();
      }}
    >
      <ol className="flex gap-2" aria-label="Registration steps">
        {stepTitles.map((title, index) => (
          <li
            key={title}
            aria-current={index + 1 === step ? 'step' : undefined}
            className={`h-1.5 flex-1 rounded-full ${index + 1 <= step ? 'bg-gold-400' : 'bg-night-700'}`}
          >
            <span className="sr-only">{title}</span>
          </li>
        ))}
      </ol>
      <p className="text-sm font-semibold text-mist-300">
        Step {step} of 3: {stepTitles[step - 1]}
      </p>
      {step === 1 ? (
        <>
          <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters with a lowercase letter, a number and a symbol."
            {...field('password')}
          />
        </>
      ) : null}
      {step === 2 ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" {...field('name')} />
            <TextField label="Last name" autoComplete="family-name" {...field('surname')} />
          </div>
          <TextField label="Date of birth" type="date" autoComplete="bday" {...field('birthdate')} />
          <SelectField
            label="Gender"
            placeholder="Choose"
            options={GENDERS.map((g) => ({ value: g, label: g[0]!.toUpperCase() + g.slice(1) }))}
            {...field('gender')}
          />
        </>
      ) : null}
      {step === 3 ? (
        <>
          <SelectField
            label="Country"
            placeholder="Choose your country"
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
            autoComplete="country"
            {...field('country')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="City" autoComplete="address-level2" {...field('city')} />
            <TextField label="Postcode" autoComplete="postal-code" {...field('postcode')} />
          </div>
          <TextField label="Address" autoComplete="street-address" {...field('address1')} />
          <div className="grid grid-cols-[6rem_1fr] gap-3">
            <TextField label="Prefix" placeholder="+44" inputMode="tel" autoComplete="tel-country-code" {...field('phonePrefix')} />
            <TextField
              label="Phone number"
              inputMode="tel"
              autoComplete="tel-national"
              {...field('phoneNumber')}
              error={errors.phoneNumber || errors.phone || undefined}
            />
          </div>
          <Checkbox
            name="newsletter"
            checked={form.newsletter ?? false}
            onChange={(event) => set('newsletter', event.target.checked)}
            label="Send me news and offers by e-mail and in my inbox (optional; you can change this at any time in your profile)."
          />
          <Checkbox
            name="agreement"
            checked={form.agreement}
            error={errors.agreement || undefined}
            onChange={(event) => set('agreement', event.target.checked)}
            label={
              <>
                I am at least 18 years old and accept the{' '}
                <a href="/terms-and-conditions" target="_blank" rel="noopener" className="text-gold-300 underline">
                  terms and conditions
                </a>
                .
              </>
            }
          />
        </>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg border border-ruby-500/60 bg-ruby-500/10 px-3 py-2 text-sm text-mist-100">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-3">
        {step > 1 ? (
          <Button variant="ghost" onClick={() => setStep((step - 1) as Step)} disabled={busy}>
            Back
          </Button>
        ) : null}
        <Button type="submit" className="flex-1" busy={busy} disabled={!gatePasses}>
          {step < 3 ? 'Next' : 'Register'}
        </Button>
      </div>
    </form>
  );
}
