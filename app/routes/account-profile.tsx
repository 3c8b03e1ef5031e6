import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/account-profile';
import type { Player } from '../../contract/accounts.ts';
import { GENDERS } from '../../contract/accounts.rules.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, Skeleton } from '../components/ui/card.tsx';
import { Checkbox, SelectField, TextField } from '../components/ui/field.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { type ApiAnswer, type ApiBody, callApi, firstErrors } from '../lib/api.ts';
import { siteStateContext } from '../lib/context.ts';
import { requirePlayer } from '../lib/player-gate.ts';
import { pageMeta } from '../lib/meta.ts';
import { useServedCountries } from '../lib/use-served-countries.ts';

export function loader({ context }: Route.LoaderArgs) {
  const { viewer } = context.get(siteStateContext);
  // Blocked players see the 423 screen, players who have not activated the 403 prompt (issue 4 §9).
  if (viewer) requirePlayer(viewer, 'active');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Profile', 'Your personal details, password and newsletter preference.');

function formValues(data: FormData): Record<string, string> {
  return Object.fromEntries([...data].map(([key, value]) => [key, String(value)]));
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/**
 * One profile form's submission: sends the body `body` makes of the form's values, shows field errors
 * beside their fields and any other failure as a toast, and hands a success to `onSuccess`.
 */
function useProfileForm<M extends 'PATCH' | 'POST', P extends string>(
  method: M,
  path: P,
  body: (data: FormData) => ApiBody<M, P>,
  onSuccess: (answer: ApiAnswer<M, P>, form: HTMLFormElement) => void,
) {
  const { notify } = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const result = await callApi(method, path, body(new FormData(form)));
    setBusy(false);
    if (!result.ok) {
      setErrors(firstErrors(result.errors));
      if (!result.errors) notify(result.message, 'error');
      return;
    }
    setErrors({});
    onSuccess(result.body, form);
  }
  return { errors, busy, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}

function DetailsForm({ player, onSaved }: { player: Player; onSaved: (player: Player) => void }) {
  const { notify } = useToast();
  const countries = useServedCountries(player.country);
  const { errors, busy, onSubmit } = useProfileForm(
    'PATCH',
    '/api/player',
    (data) => ({ ...formValues(data), newsletter: data.get('newsletter') === 'on' }),
    (saved) => {
      onSaved(saved);
      notify('Your details were saved.', 'success');
    },
  );
  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      <TextField label="First name" name="name" defaultValue={player.name} error={errors.name} autoComplete="given-name" />
      <TextField label="Last name" name="surname" defaultValue={player.surname} error={errors.surname} autoComplete="family-name" />
      <TextField label="Date of birth" name="birthdate" type="date" defaultValue={player.birthdate} error={errors.birthdate} />
      <SelectField
        label="Gender"
        name="gender"
        defaultValue={player.gender}
        error={errors.gender}
        options={GENDERS.map((g) => ({ value: g, label: g[0]!.toUpperCase() + g.slice(1) }))}
      />
      <SelectField
        label="Country"
        name="country"
        defaultValue={player.country}
        error={errors.country}
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
      />
      <TextField label="City" name="city" defaultValue={player.city} error={errors.city} />
      <TextField label="Address" name="address1" defaultValue={player.address1} error={errors.address1} />
      <TextField label="Postcode" name="postcode" defaultValue={player.postcode} error={errors.postcode} />
      <TextField label="Phone" name="phone" type="tel" defaultValue={player.phone} error={errors.phone} hint="With the country code, e.g. +35699123456." />
      <div className="sm:col-span-2">
        <Checkbox name="newsletter" defaultChecked={player.newsletter} label="Send me news and offers by e-mail and in my inbox." />
        <p className="mt-1 pl-8 text-xs text-mist-400">Messages about your account, payments and limits always arrive.</p>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" busy={busy}>
          Save details
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const { notify } = useToast();
  const { errors, busy, onSubmit } = useProfileForm(
    'POST',
    '/api/player/password',
    (data) => ({
      current_password: text(data, 'current_password'),
      password: text(data, 'password'),
      password_confirmation: text(data, 'password_confirmation'),
    }),
    (answer, form) => {
      form.reset();
      notify(answer.message, 'success');
    },
  );
  return (
    <form className="grid max-w-md gap-4" onSubmit={onSubmit} noValidate>
      <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" error={errors.current_password} />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint="At least 8 characters with a lowercase letter, a number and a symbol."
      />
      <TextField label="Repeat new password" name="password_confirmation" type="password" autoComplete="new-password" error={errors.password_confirmation} />
      <div>
        <Button type="submit" busy={busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}

function EmailForm({ player, onSaved }: { player: Player; onSaved: (player: Player) => void }) {
  const { errors, busy, onSubmit } = useProfileForm(
    'POST',
    '/api/player/email',
    (data) => ({ email: text(data, 'email'), password: text(data, 'password') }),
    (saved) => onSaved(saved),
  );
  return (
    <form className="grid max-w-md gap-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-mist-300">
        Your e-mail address is <strong className="text-mist-100">{player.email}</strong>.
      </p>
      {player.pending_email ? (
        <p role="status" className="rounded-lg border border-gold-500/60 bg-gold-400/10 px-3 py-2 text-sm text-mist-100">
          We sent a confirmation link to {player.pending_email}. Your address changes once you follow it.
        </p>
      ) : null}
      <TextField label="New e-mail address" name="email" type="email" autoComplete="email" error={errors.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} hint="To confirm it is you." />
      <div>
        <Button type="submit" busy={busy}>
          Change e-mail
        </Button>
      </div>
    </form>
  );
}

/** /account/profile: view and edit the profile, change password and e-mail, newsletter preference. */
export default function AccountProfile() {
  const [player, setPlayer] = useState<Player | null>(null);
  const [search, setSearch] = useSearchParams();
  const { notify } = useToast();

  useEffect(() => {
    const emailToken = search.get('email-token');
    const confirm = emailToken
      ? callApi('POST', '/api/player/email/confirm', { token: emailToken }).then((result) => {
          notify(result.ok ? result.body.message : result.message, result.ok ? 'success' : 'error');
          setSearch({}, { replace: true });
        })
      : Promise.resolve();
    void confirm
      .then(() => callApi('GET', '/api/player'))
      .then((result) => {
        if (result.ok) setPlayer(result.body);
        else notify(result.message, 'error');
      });
    // Runs once per visit; the confirmation token is removed from the address after use.
  }, []);

  return (
    <>
      <PageHeading title="Profile" lead="Your personal details, password and newsletter preference." />
      {player === null ? (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: giving this skeleton a role would change what screen readers announce, which is no lint fix (decision 0026)
        <div className="space-y-3" aria-label="Loading your profile">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      ) : (
        <div className="space-y-6">
          <Card title="Personal details">
            <DetailsForm player={player} onSaved={setPlayer} />
          </Card>
          <Card title="E-mail address">
            <EmailForm player={player} onSaved={setPlayer} />
          </Card>
          <Card title="Password">
            <PasswordForm />
          </Card>
        </div>
      )}
    </>
  );
}
