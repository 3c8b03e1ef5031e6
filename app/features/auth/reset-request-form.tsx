import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { callApi } from '../../lib/api.ts';

/** Ask for a reset link. The answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const result = await callApi('POST', '/api/password/create', { email: String(new FormData(event.currentTarget).get('email') ?? '') });
    setBusy(false);
    if (result.ok) setSent(result.body.message);
    else setProblem(result.errors?.email?.[0] ?? result.message);
  }

  if (sent) {
    return (
      <p role="status" className="text-mist-100">
        {sent}
      </p>
    );
  }
  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="E-mail" name="email" type="email" autoComplete="email" required error={problem ?? undefined} />
      <Button type="submit" busy={busy} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}
