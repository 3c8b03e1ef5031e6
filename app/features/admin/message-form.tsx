import { type FormEvent, useRef, useState } from 'react';
import { VIP_TIERS } from '../../../contract/clubs.rules.ts';
import type { SegmentAudience } from '../../../contract/operators.ts';
import { MARKETING_EXCLUDED } from '../../../contract/operators.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox, SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { type ApiResult, firstErrors } from '../../lib/api.ts';
import { adminApi } from './api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { Notice } from './ui.tsx';

// The console's Messages screen (docs/decisions/0084): a message to one player's inbox, or to every player of a
// segment. A segment message is marketing, which never reaches players excluded by rule (decision 0056); the
// screen asks the server how many it reaches and how many the rule leaves out, and sends only once staff confirm
// it, with a reason, in a dialog (decision 0099).

/** Who a message is for: one player, or a segment (the API's names). */
type Recipients = 'player' | 'all' | 'country' | 'vip_tier';
const SEGMENTS: { value: Recipients; label: string }[] = [
  { value: 'player', label: 'One player' },
  { value: 'all', label: 'All players' },
  { value: 'country', label: 'Players of a country' },
  { value: 'vip_tier', label: 'Players of a VIP tier' },
];
const TIERS = VIP_TIERS.map((tier) => ({ value: tier.slug, label: tier.name }));

type SegmentRequest = {
  segment: Exclude<Recipients, 'player'>;
  country?: string;
  tier?: (typeof VIP_TIERS)[number]['slug'];
  subject: string;
  body: string;
};

const players = (count: number) => (count === 1 ? '1 player' : `${count.toLocaleString('en')} players`);
/** "2 players of MT", "1 player of the Gold tier", "40 players (everyone)". */
const audienceOf = (request: SegmentRequest, count: number) =>
  request.segment === 'country'
    ? `${players(count)} of ${request.country?.toUpperCase()}`
    : request.segment === 'vip_tier'
      ? `${players(count)} of the ${TIERS.find((tier) => tier.value === request.tier)?.label ?? request.tier} tier`
      : `${players(count)} (everyone)`;
const excludedByRule = (count: number, tense: 'are' | 'were') =>
  `${count.toLocaleString('en')} ${count === 1 ? (tense === 'are' ? 'is' : 'was') : tense} excluded by rule (${MARKETING_EXCLUDED}).`;

export function MessageForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [segment, setSegment] = useState<Recipients>('player');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** A segment message waiting for staff to confirm, with what it would do as the server said. */
  const [pending, setPending] = useState<{ audience: SegmentAudience; request: SegmentRequest } | null>(null);

  function refused(result: Extract<ApiResult<unknown>, { ok: false }>) {
    setErrors(firstErrors(result.errors));
    setOutcome({ tone: 'error', text: result.message });
  }

  function sent(text: string) {
    setErrors({});
    setPending(null);
    formRef.current?.reset();
    setOutcome({ tone: 'success', text });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setOutcome(null);
    if (segment === 'player') {
      setBusy(true);
      const result = await adminApi('POST', '/api/admin/messages', {
        player_id: text('player_id'),
        subject: text('subject'),
        body: text('body'),
        ...(form.get('marketing') ? { marketing: true } : {}),
      });
      setBusy(false);
      if (!result.ok) return refused(result);
      return sent('Message sent.');
    }
    const tier = TIERS.find((option) => option.value === text('tier'))?.value;
    const request: SegmentRequest = {
      segment,
      ...(segment === 'country' ? { country: text('country') } : {}),
      ...(segment === 'vip_tier' && tier ? { tier } : {}),
      subject: text('subject'),
      body: text('body'),
    };
    const missing = {
      ...(request.subject.trim() ? {} : { subject: 'The subject field is required.' }),
      ...(request.body.trim() ? {} : { body: 'The body field is required.' }),
    };
    if (Object.keys(missing).length > 0) return setErrors(missing);
    setBusy(true);
    const { subject: _subject, body: _body, ...audienceOf } = request;
    const result = await adminApi('GET', `/api/admin/messages/segment/preview?${new URLSearchParams(audienceOf)}`);
    setBusy(false);
    if (!result.ok) return refused(result);
    setErrors({});
    const audience = result.body.data;
    if (audience.recipients === 0)
      return setOutcome({ tone: 'error', text: `No player of this group may receive it: ${excludedByRule(audience.excluded, 'are')}` });
    setPending({ audience, request });
  }

  return (
    <Card>
      <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate aria-label="Send a message">
        {/* Fixed while staff confirm: the counts are for exactly what is shown. */}
        <fieldset disabled={pending !== null} className="space-y-4 disabled:opacity-60">
          <SelectField
            label="To"
            name="segment"
            value={segment}
            onChange={(event) => {
              setSegment(SEGMENTS.find((option) => option.value === event.target.value)?.value ?? 'player');
              setErrors({});
            }}
            options={SEGMENTS}
          />
          {segment === 'player' ? <TextField label="Player ID" name="player_id" inputMode="numeric" error={errors.player_id} /> : null}
          {segment === 'country' ? <TextField label="Country code" name="country" maxLength={2} placeholder="MT" error={errors.country} /> : null}
          {segment === 'vip_tier' ? <SelectField label="Tier" name="tier" options={TIERS} error={errors.tier} /> : null}
          <TextField label="Subject" name="subject" maxLength={150} error={errors.subject} />
          <TextAreaField label="Message" name="body" rows={5} maxLength={5000} error={errors.body} />
          {segment === 'player' ? (
            <Checkbox name="marketing" label={`Marketing: not sent if the player is ${MARKETING_EXCLUDED}. Leave unticked for a service message.`} />
          ) : (
            <p className="text-sm text-mist-400">A message to a group is marketing: players who are {MARKETING_EXCLUDED} do not receive it.</p>
          )}
        </fieldset>
        {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
        <Button type="submit" busy={busy}>
          Send message
        </Button>
      </form>
      {pending ? (
        <ReasonDialog
          title="Send to a group"
          effect={
            <span data-testid="segment-audience">
              Send “{pending.request.subject.trim()}” to {audienceOf(pending.request, pending.audience.recipients)}?{' '}
              {excludedByRule(pending.audience.excluded, 'are')}
            </span>
          }
          confirm={`Send to ${players(pending.audience.recipients)}`}
          tone="primary"
          reasonHint="Why this group gets it (the campaign, the offer): kept in the audit log."
          send={(reason) => adminApi('POST', '/api/admin/messages/segment', { ...pending.request, reason })}
          onClose={() => setPending(null)}
          onDone={(result) => {
            const { sent: count, excluded } = result.body.data;
            sent(`Message sent to ${players(count)}. ${excludedByRule(excluded, 'were')}`);
          }}
        />
      ) : null}
    </Card>
  );
}
