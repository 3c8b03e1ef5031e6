import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/account-reset-password';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/card.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { TextField } from '../components/ui/field.tsx';
import { callApi, firstErrors } from '../lib/api.ts';
import { usePopup } from '../lib/popup-context.tsx';
import { pageMeta } from '../lib/meta.ts';

export function loader({ params }: Route.LoaderArgs) {
  return { token: params.id };
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Choose a new password'), { name: 'robots', content: 'noindex' }];

/** SPEC.md §3 resetPasswordStatus: the message and HTTP status of the last reset call. */
type ResetStatus = { message: string; status: number };

/** The reset link's page (SPEC.md §4): look the e-mail up, choose a new password, then go home with the result. */
export default function AccountResetPassword({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { openPopup } = usePopup();
  const [email, setEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const finish = (status: ResetStatus) => {
    navigate('/');
    openPopup('reset-password-status', status.message);
  };

  useEffect(() => {
    void callApi('GET', `/api/password/find/${encodeURIComponent(loaderData.token)}`).then((result) => {
      if (result.ok) setEmail(result.body.email);
      else finish({ message: result.message, status: result.status || 404 });
    });
    // The token is fixed for this page.
  }, [loaderData.token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form shows only once the link's e-mail is known.
    if (email === null) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm_password') ?? '');
    if (!password || !confirm)
      return setErrors({ password: password ? '' : 'Enter a new password.', confirm_password: confirm ? '' : 'Repeat the new password.' });
    if (password !== confirm) return setErrors({ confirm_password: 'The passwords do not match.' });
    setBusy(true);
    const result = await callApi('POST', '/api/password/reset', {
      email,
      token: loaderData.token,
      password,
      password_confirmation: confirm,
    });
    setBusy(false);
    if (result.ok) return finish({ message: result.body.message, status: 200 });
    if (result.errors) return setErrors(firstErrors(result.errors));
    finish({ message: result.message, status: result.status || 500 });
  }

  return (
    <Dialog title="Choose a new password" onClose={() => navigate('/')}>
      {email === null ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <TextField label="E-mail" name="email" value={email} readOnly />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters with a lowercase letter, a number and a symbol."
            error={errors.password || undefined}
          />
          <TextField
            label="Repeat new password"
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm_password || errors.password_confirmation || undefined}
          />
          <Button type="submit" busy={busy} className="w-full">
            Save new password
          </Button>
        </form>
      )}
    </Dialog>
  );
}
