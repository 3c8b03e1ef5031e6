import { type FormEvent, useState } from 'react';
import { VIP_TIERS } from '../../../contract/clubs.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { adminApi } from '../../features/admin/api.ts';
import { AdminHeading, Notice } from '../../features/admin/ui.tsx';
import { firstErrors } from '../../lib/api.ts';

const SEGMENTS = [
  { value: 'player', label: 'One player' },
  { value: 'all', label: 'All players' },
  { value: 'country', label: 'Players of a country' },
  { value: 'vip_tier', label: 'Players of a VIP tier' },
];
const TIERS = VIP_TIERS.map((tier) => ({ value: tier.slug, label: tier.name }));

/** A message to one player's inbox, or to every player of a segment. */
export default function AdminMessages() {
  const [segment, setSegment] = useState('player');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    const result =
      segment === 'player'
        ? await adminApi('POST', '/api/admin/messages', { player_id: text('player_id'), subject: text('subject'), body: text('body') })
        : await adminApi<{ data: { sent: number } }>('POST', '/api/admin/messages/segment', {
            segment,
            ...(segment === 'country' ? { country: text('country') } : {}),
            ...(segment === 'vip_tier' ? { tier: text('tier') } : {}),
            subject: text('subject'),
            body: text('body'),
          });
    setBusy(false);
    if (!result.ok) {
      setErrors(firstErrors(result.errors));
      setOutcome({ tone: 'error', text: result.message });
      return;
    }
    setErrors({});
    element.reset();
    const sent = (result.body as { data: { sent?: number } }).data.sent;
    setOutcome({ tone: 'success', text: sent === undefined ? 'Message sent.' : `Message sent to ${sent} players.` });
  }

  return (
    <div className="max-w-2xl space-y-5">
      <AdminHeading title="Messages" />
      <Card>
        <form onSubmit={send} className="space-y-4" noValidate aria-label="Send a message">
          <SelectField label="To" name="segment" value={segment} onChange={(event) => setSegment(event.target.value)} options={SEGMENTS} />
          {segment === 'player' ? <TextField label="Player ID" name="player_id" inputMode="numeric" error={errors.player_id} /> : null}
          {segment === 'country' ? <TextField label="Country code" name="country" maxLength={2} placeholder="MT" error={errors.country} /> : null}
          {segment === 'vip_tier' ? <SelectField label="Tier" name="tier" options={TIERS} error={errors.tier} /> : null}
          <TextField label="Subject" name="subject" maxLength={150} error={errors.subject} />
          <TextField label="Message" name="body" maxLength={5000} error={errors.body} />
          {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
          <Button type="submit" busy={busy}>
            Send message
          </Button>
        </form>
      </Card>
    </div>
  );
}
