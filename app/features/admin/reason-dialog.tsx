// The confirmation every consequential console action goes through (docs/decisions/0099): a dialog that names the
// effect in words, asks for the reason the API requires (3–500 characters, kept in the audit log), and acts only on
// Confirm. Cancel, Escape or the close button leave everything as it was.
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { ACTION_REASON } from '../../../contract/operators.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { type ApiResult, firstErrors } from '../../lib/api.ts';
import { Notice } from './ui.tsx';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function ReasonDialog<T>({
  title,
  effect,
  confirm,
  tone = 'danger',
  reasonLabel = 'Reason',
  reasonHint = 'Kept in the audit log with your name.',
  send,
  onClose,
  onDone,
}: {
  title: string;
  /** What happens, in words: who or what, and what follows. */
  effect: ReactNode;
  /** The confirm button's words: the action itself ("Block player"), not "OK". */
  confirm: string;
  tone?: 'danger' | 'primary';
  reasonLabel?: string;
  reasonHint?: string;
  send: (reason: string) => Promise<ApiResult<T>>;
  onClose: () => void;
  onDone: (result: Extract<ApiResult<T>, { ok: true }>) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  // The dialog's showModal() (run before this, in the child) focuses its first button, the close button: the reason
  // is what to type, so it takes the focus.
  useEffect(() => document.getElementById(fieldId)?.focus(), [fieldId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < ACTION_REASON.min) {
      setError(`Give a reason of at least ${ACTION_REASON.min} characters.`);
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await send(trimmed);
    setBusy(false);
    if (result.ok) {
      onDone(result);
      return;
    }
    const fields = firstErrors(result.errors);
    if (fields.reason) setError(fields.reason);
    else setProblem(Object.values(fields)[0] ?? result.message);
  }

  return (
    <Dialog title={title} onClose={busy ? () => undefined : onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-mist-100" data-testid="confirm-effect">
          {effect}
        </p>
        <TextAreaField
          label={reasonLabel}
          hint={reasonHint}
          name="reason"
          rows={3}
          value={reason}
          maxLength={ACTION_REASON.max}
          required
          id={fieldId}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={tone} busy={busy}>
            {confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
