// The player page's consequential actions (issue 32 §3, docs/decisions/0099): blocking or unblocking the player and
// requesting a balance adjustment, each confirmed in a dialog that says what follows and asks for the reason.
import { type FormEvent, useState } from 'react';
import type { PlayerDetail } from '../../../contract/operators.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminApi } from './api.ts';
import { type Outcome, ReasonDialog } from './reason-dialog.tsx';
import { minorUnits } from './stake-input.ts';
import { money, Notice } from './ui.tsx';

type Profile = PlayerDetail['profile'];
const whoIs = (profile: Profile) => `${profile.name} ${profile.surname} (${profile.email})`;

/** Block (or unblock) the player, through the confirmation. */
export function BlockAction({ profile, reload }: { profile: Profile; reload: () => void }) {
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const blocking = !profile.blocked;
  const title = blocking ? 'Block player' : 'Unblock player';
  return (
    <section aria-label={blocking ? 'Block' : 'Unblock'} className="space-y-3">
      <h3 className="font-medium text-mist-100">{blocking ? 'Block' : 'Unblock'}</h3>
      <p className="text-sm text-mist-400">
        {blocking
          ? 'Stops play, deposits and withdrawals at once, until someone unblocks the player.'
          : 'The player is blocked: unblocking lets them play, deposit and withdraw again.'}
      </p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <Button
        key={blocking ? 'block' : 'unblock'}
        variant={blocking ? 'danger' : 'ghost'}
        onClick={() => {
          setOutcome(null);
          setAsking(true);
        }}
      >
        {title}…
      </Button>
      {asking ? (
        <ReasonDialog
          title={title}
          effect={
            blocking
              ? `Block ${whoIs(profile)}? From their next request they cannot play, deposit, withdraw or change their account, and are told it is blocked, until someone unblocks it.`
              : `Unblock ${whoIs(profile)}? They can play, deposit and withdraw again at once.`
          }
          confirm={title}
          tone={blocking ? 'danger' : 'primary'}
          send={(reason) => adminApi('POST', `/api/admin/players/${profile.id}/${blocking ? 'block' : 'unblock'}`, { reason })}
          onClose={() => setAsking(false)}
          onDone={() => {
            setAsking(false);
            setOutcome({ tone: 'success', text: `${profile.name} ${profile.surname} is ${blocking ? 'blocked' : 'unblocked'}.` });
            reload();
          }}
        />
      ) : null}
    </section>
  );
}

/** Parses "25", "-12.50", "10,50" or "1,000.5" into minor units (stake-input's rules, signed); null for anything else or zero. */
export function minorUnitsOf(text: string): number | null {
  const units = minorUnits(text, { signed: true });
  return units === 0 ? null : units;
}

/** Request a balance adjustment (a second staff member approves it), through the confirmation. */
export function AdjustmentAction({ profile, currency, reload }: { profile: Profile; currency: string; reload: () => void }) {
  const [amount, setAmount] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const units = minorUnitsOf(text);
    if (units === null) {
      setError('Enter an amount other than zero, such as 25 or -12.50.');
      return;
    }
    setOutcome(null);
    setAmount(units);
  }

  return (
    <div>
      <form onSubmit={ask} className="space-y-3" aria-label="Adjust balance (a second staff member approves)" noValidate>
        <h3 className="font-medium text-mist-100">Adjust balance (a second staff member approves)</h3>
        <TextField
          label={`Amount in ${currency} (negative to debit)`}
          name="amount"
          inputMode="decimal"
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
        <Button type="submit" variant="ghost">
          Request adjustment…
        </Button>
      </form>
      {amount !== null ? (
        <ReasonDialog
          title="Request a balance adjustment"
          effect={`${amount > 0 ? 'Credit' : 'Debit'} ${money(Math.abs(amount), currency)} ${amount > 0 ? 'to' : 'from'} the cash balance of ${whoIs(profile)}? Nothing moves until another staff member approves it.`}
          confirm="Request adjustment"
          tone="primary"
          reasonHint="The approver reads it; it is kept with the adjustment and in the audit log."
          send={(reason) => adminApi('POST', `/api/admin/players/${profile.id}/adjustments`, { amount, reason })}
          onClose={() => setAmount(null)}
          onDone={() => {
            setAmount(null);
            setText('');
            setOutcome({ tone: 'success', text: 'Adjustment requested: it waits for another staff member’s approval.' });
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
