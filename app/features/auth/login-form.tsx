import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { LoginResponse } from '../../../contract/accounts.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { analytics } from '../../lib/analytics.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { useSiteState } from '../../lib/use-site-state.ts';
import { usePopup } from '../../lib/popup-context.tsx';
import { callApi } from '../../lib/api.ts';
import { markLoggedIn, storedAsAuthenticated } from '../../lib/session-flags.ts';

/** Where a player goes after logging in (SPEC.md §4 "Login"). */
function afterLogin(
  response: LoginResponse,
  { activationType, redirect, bonusId }: { activationType: string; redirect: string | null; bonusId: string | null },
): { go: string } | { smsVerification: string } {
  if (response.active) return { go: safeRedirect(redirect) };
  if (activationType === 'sms') return { smsVerification: bonusId ?? '/all-bonuses' };
  return { go: '/' };
}

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const [search] = useSearchParams();
  const state = useSiteState();
  const { openPopup, closePopup } = usePopup();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [magicSent, setMagicSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    const wasAuthenticated = storedAsAuthenticated();
    const result = await callApi('POST', '/api/login', { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
    if (!result.ok) {
      // SPEC.md §8: the response's type if present, otherwise its message.
      setProblem(result.type ?? result.message);
      setBusy(false);
      return;
    }
    markLoggedIn();
    analytics().track({ event: 'login' });
    if (wasAuthenticated) {
      closePopup();
      window.location.reload();
      return;
    }
    const next = afterLogin(result.body, {
      activationType: state?.settings.registration_activation_type ?? 'email',
      redirect: redirectTo ?? search.get('redirect'),
      bonusId: search.get('bonusId'),
    });
    if ('go' in next) window.location.assign(next.go);
    else openPopup('sms-verification', next.smsVerification);
  }

  async function sendMagicLink(email: string) {
    setProblem(null);
    const result = await callApi('POST', '/api/magic-link', { email, redirect: redirectTo ?? search.get('redirect') ?? '/' });
    if (result.ok) setMagicSent(result.body.message);
    else setProblem(result.errors?.email?.[0] ?? result.message);
  }

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="E-mail" name="email" type="email" autoComplete="email" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {problem ? (
        <p role="alert" className="rounded-lg border border-ruby-500/60 bg-ruby-500/10 px-3 py-2 text-sm text-mist-100">
          {problem}
        </p>
      ) : null}
      {magicSent ? (
        <p role="status" className="rounded-lg border border-felt-500/60 bg-felt-500/10 px-3 py-2 text-sm text-mist-100">
          {magicSent}
        </p>
      ) : null}
      <Button type="submit" busy={busy} className="w-full">
        Log in
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-gold-300 underline" onClick={() => openPopup('reset-password')}>
          Forgot password?
        </button>
        <button
          type="button"
          className="text-gold-300 underline"
          onClick={(event) => {
            const email = new FormData(event.currentTarget.form ?? undefined).get('email');
            if (typeof email === 'string' && email.trim()) void sendMagicLink(email.trim());
            else setProblem('Enter your e-mail address first and we will send you a sign-in link.');
          }}
        >
          E-mail me a sign-in link
        </button>
      </div>
      <p className="text-center text-sm text-mist-400">
        New here?{' '}
        <button type="button" className="font-semibold text-gold-300 underline" onClick={() => openPopup('register')}>
          Create an account
        </button>
      </p>
    </form>
  );
}
