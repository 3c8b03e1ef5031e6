import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { callApi } from '../../lib/api.ts';

/**
 * The SMS activation code (SPEC.md §4): on success with a bonus id or a redirect hint the player goes
 * there (/all-bonuses when the hint is a redirect without a bonus id), otherwise the page reloads.
 */
export function SmsVerificationForm({ hint }: { hint?: string }) {
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setProblem('Enter the code from your text message.');
    setLoading(true);
    setProblem(null);
    const result = await callApi('POST', '/api/sms-activation', { code });
    setLoading(false);
    if (!result.ok) return setProblem(result.errors?.code?.[0] ?? result.message);
    const params = new URLSearchParams(window.location.search);
    const bonusId = params.get('bonusId') ?? (hint && hint !== '/all-bonuses' ? hint : null);
    if (bonusId) return window.location.assign(`/deposit?bonus=true&bonusId=${encodeURIComponent(bonusId)}`);
    if (params.get('redirect') || hint === '/all-bonuses') return window.location.assign('/all-bonuses');
    window.location.reload();
  }

  async function resend() {
    const result = await callApi('POST', '/api/resend-activation');
    if (result.ok) setResent(result.body.message);
    else setProblem(result.message);
  }

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Activation code" name="code" inputMode="numeric" autoComplete="one-time-code" error={problem ?? undefined} />
      {resent ? (
        <p role="status" className="text-sm text-mist-300">
          {resent}
        </p>
      ) : null}
      <Button type="submit" busy={loading} className="w-full">
        Activate
      </Button>
      <button type="button" className="text-sm text-gold-300 underline" onClick={() => void resend()}>
        Send me a new code
      </button>
    </form>
  );
}
