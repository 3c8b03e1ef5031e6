import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/bonuses';
import type { AdminBonusDefinition, BonusDefinition } from '../../../contract/bonuses.ts';
import { BONUS_TYPES, BONUS_VISIBILITIES, DEFAULT_MAX_WAGERING } from '../../../contract/bonuses.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox, SelectField, TextField } from '../../components/ui/field.tsx';
import { AdminList, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad } from '../../features/admin/api.ts';
import { type BonusForm, definitionOf, emptyForm, formOf, previewOffer, usesDeposit, usesFreeSpins, usesMaxBonus } from '../../features/admin/bonus-form.ts';
import { AdminHeading, Badge, Loading, money, Notice } from '../../features/admin/ui.tsx';
import { OfferCard } from '../../features/bonuses/offer-card.tsx';
import { firstErrors } from '../../lib/api.ts';

const TYPE_NAMES: Record<(typeof BONUS_TYPES)[number], string> = {
  deposit_match: 'Deposit match',
  reload: 'Reload',
  no_deposit: 'No deposit',
  free_spins: 'Free spins',
};
const VISIBILITY_NAMES: Record<(typeof BONUS_VISIBILITIES)[number], string> = {
  public: 'Public (listed on /all-bonuses)',
  hidden: 'Hidden (operators grant it)',
  'code-only': 'Code only (by link)',
};
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The API's field names (`banner.title`) as the form's (`banner_title`). */
const formErrors = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replaceAll('.', '_'), message]));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-t border-night-700 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-mist-400">{title}</legend>
      {children}
    </fieldset>
  );
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => adminLoad(request, '/api/admin/bonuses');

export function HydrateFallback() {
  return <Loading />;
}

/**
 * Bonus offers (issue 18): the list, and an editor for every field of a definition with a live preview beside it
 * made of the player site's own offer card and terms text. Retiring takes an offer off the site; granted bonuses
 * keep the terms they were granted with.
 */
export default function AdminBonuses({ loaderData: bonuses }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<BonusForm>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const offer = useMemo(() => previewOffer(form, (minor) => money(minor)), [form]);

  function set<K extends keyof BonusForm>(key: K, value: BonusForm[K]) {
    setForm((previous) => ({ ...previous, [key]: value }));
    // Destructured in a declaration, not in the arrow's parameter: the build's route-module splitting cannot follow
    // a computed key in a parameter pattern.
    setErrors((previous) => {
      const { [key]: _gone, ...rest } = previous;
      return rest;
    });
    // A refusal or a success message is about what was sent; once the form changes it no longer applies.
    setOutcome(null);
  }
  function open(definition: BonusDefinition | null) {
    setEditing(definition?.slug ?? null);
    setForm(definition ? formOf(definition) : emptyForm());
    setErrors({});
    setOutcome(null);
    document.getElementById('bonus-editor')?.scrollIntoView({ block: 'start' });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { input, errors: mistakes } = definitionOf(editing ? { ...form, slug: editing } : form);
    if (Object.keys(mistakes).length > 0) {
      setErrors(mistakes);
      setOutcome({ tone: 'error', text: 'Check the marked fields.' });
      return;
    }
    setBusy(true);
    const { slug, ...patch } = input;
    const result = editing
      ? await adminApi('PUT', `/api/admin/bonuses/${encodeURIComponent(editing)}`, patch)
      : await adminApi('POST', '/api/admin/bonuses', input);
    setBusy(false);
    if (!result.ok) {
      setErrors(formErrors(firstErrors(result.errors)));
      setOutcome({ tone: 'error', text: result.message });
      return;
    }
    const saved = result.body.data;
    setErrors({});
    setEditing(saved.slug);
    setForm(formOf(saved));
    const listed = saved.visibility === 'public' && !saved.retired;
    setOutcome({ tone: 'success', text: `${editing ? 'Saved' : 'Created'} “${saved.title}”.${listed ? ' Players see it on /all-bonuses.' : ''}` });
    void revalidator.revalidate();
  }

  async function toggleRetired(row: AdminBonusDefinition) {
    const result = await adminApi('PUT', `/api/admin/bonuses/${encodeURIComponent(row.slug)}`, { retired: !row.retired });
    setOutcome(result.ok ? { tone: 'success', text: `${row.retired ? 'Brought back' : 'Retired'} “${row.title}”.` } : { tone: 'error', text: result.message });
    if (result.ok && editing === row.slug) setForm(formOf(result.body.data));
    void revalidator.revalidate();
  }

  const text = (key: keyof BonusForm, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={key} value={String(form[key])} onChange={(event) => set(key, event.target.value as never)} error={errors[key]} {...extra} />
  );
  const check = (key: 'first_deposit_only' | 'once_per_player' | 'retired', label: string) => (
    <Checkbox label={label} name={key} checked={form[key]} onChange={(event) => set(key, event.target.checked)} error={errors[key]} />
  );

  const columns: ListColumn<AdminBonusDefinition>[] = [
    { key: 'slug', header: 'Slug', cell: (row) => <code className="text-xs text-mist-300">{row.slug}</code> },
    { key: 'title', header: 'Title', cell: (row) => row.title },
    { key: 'type', header: 'Type', cell: (row) => TYPE_NAMES[row.type] },
    { key: 'visibility', header: 'Visibility', cell: (row) => <span className="capitalize">{row.visibility}</span> },
    { key: 'status', header: 'Status', cell: (row) => (row.retired ? <Badge tone="bad">retired</Badge> : <Badge tone="good">active</Badge>) },
    { key: 'claims', header: 'Claims', align: 'right', cell: (row) => row.claims },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="flex gap-2">
          <Button variant="ghost" className="px-3 py-1.5 text-sm" aria-label={`Edit ${row.slug}`} onClick={() => open(row)}>
            Edit
          </Button>
          <Button
            variant="ghost"
            className="px-3 py-1.5 text-sm"
            aria-label={`${row.retired ? 'Un-retire' : 'Retire'} ${row.slug}`}
            onClick={() => toggleRetired(row)}
          >
            {row.retired ? 'Un-retire' : 'Retire'}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <AdminHeading title="Bonuses">
        <Button variant="ghost" onClick={() => open(null)}>
          New offer
        </Button>
      </AdminHeading>
      {bonuses.error !== null ? (
        <Notice tone="error">{bonuses.error}</Notice>
      ) : (
        <AdminList caption="Bonus offers" columns={columns} rows={bonuses.data} rowKey={(row) => row.slug} empty="No bonus offers yet." />
      )}

      <div id="bonus-editor" className="grid scroll-mt-4 items-start gap-5 md:grid-cols-[minmax(0,1fr)_17rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title={editing ? `Edit ${editing}` : 'New offer'}>
          <form onSubmit={save} noValidate aria-label="Bonus offer" className="space-y-5">
            <Section title="Offer">
              <div className="grid gap-3 lg:grid-cols-2">
                {editing ? (
                  <TextField label="Slug" name="slug" value={editing} readOnly hint="The offer's address; it cannot change." />
                ) : (
                  text('slug', 'Slug', { hint: 'Lower-case letters, digits and dashes: the bonusId in links.', placeholder: 'friday-match' })
                )}
                <SelectField
                  label="Type"
                  name="type"
                  value={form.type}
                  onChange={(event) => set('type', event.target.value as BonusForm['type'])}
                  options={BONUS_TYPES.map((type) => ({ value: type, label: TYPE_NAMES[type] }))}
                  error={errors.type}
                />
                <SelectField
                  label="Visibility"
                  name="visibility"
                  value={form.visibility}
                  onChange={(event) => set('visibility', event.target.value as BonusForm['visibility'])}
                  options={BONUS_VISIBILITIES.map((visibility) => ({ value: visibility, label: VISIBILITY_NAMES[visibility] }))}
                  error={errors.visibility}
                />
                {text('sort_order', 'Sort order', { inputMode: 'numeric', hint: 'Lower comes first.' })}
              </div>
            </Section>

            <Section title="Card texts">
              {text('title', 'Title', { maxLength: 120, placeholder: '50% Friday match up to €100' })}
              <div className="grid gap-3 lg:grid-cols-2">
                {text('title2', 'Second line', { maxLength: 120 })}
                {text('title3', 'Third line', { maxLength: 120 })}
                {text('buttonClaim', 'Claim button', { maxLength: 40 })}
                {text('buttonDeposit', 'Deposit button', { maxLength: 40 })}
                {text('banner_title', 'Banner', { maxLength: 60 })}
                {text('banner_title2', 'Banner, second offer', { maxLength: 60 })}
                {text('banner_or', 'Banner “or”', { maxLength: 20, placeholder: 'or' })}
                {text('banner_title3', 'Banner small print', { maxLength: 60 })}
              </div>
            </Section>

            <Section title={`${TYPE_NAMES[form.type]} terms`}>
              <div className="grid gap-3 lg:grid-cols-3">
                {usesDeposit(form.type) ? text('match_percent', 'Match percent', { inputMode: 'numeric', hint: 'Of the deposit, 1–1000.' }) : null}
                {usesMaxBonus(form.type) ? text('max_bonus', 'Maximum bonus (€)', { inputMode: 'decimal' }) : null}
                {usesDeposit(form.type) ? text('min_deposit', 'Minimum deposit (€)', { inputMode: 'decimal' }) : null}
                {usesFreeSpins(form.type) ? text('free_spins', 'Free spins', { inputMode: 'numeric' }) : null}
                {usesFreeSpins(form.type) ? text('free_spin_game', 'Slot (slug)', { placeholder: 'lantern-orchard' }) : null}
                {usesFreeSpins(form.type) ? text('free_spin_stake', 'Stake per spin (€)', { inputMode: 'decimal' }) : null}
              </div>
              {form.type === 'deposit_match' ? check('first_deposit_only', 'First deposit only') : null}
            </Section>

            <Section title="Wagering and limits">
              <div className="grid gap-3 lg:grid-cols-3">
                {text('wagering_multiplier', 'Wagering (× bonus)', {
                  inputMode: 'numeric',
                  hint: `0 for none. The house cap (BONUS_MAX_WAGERING) is ${DEFAULT_MAX_WAGERING}× unless configured.`,
                })}
                {text('max_bet', 'Maximum stake (€)', { inputMode: 'decimal', hint: 'Empty: no maximum.' })}
                {text('max_conversion', 'Maximum cash-out (€)', { inputMode: 'decimal', hint: 'Empty: no cap.' })}
                {text('claim_days', 'Days to claim', { inputMode: 'numeric' })}
                {text('expires_in_days', 'Days to wager', { inputMode: 'numeric' })}
              </div>
              {text('contributions', 'Game contributions (%)', { hint: 'Category and percent: slots 100, table-games 10. Others count 0%.' })}
              {check('once_per_player', 'Once per player')}
            </Section>

            <Section title="When">
              <div className="grid gap-3 lg:grid-cols-2">
                {text('starts_at', 'Starts (UTC)', { type: 'datetime-local', hint: 'Empty: at once.' })}
                {text('ends_at', 'Ends (UTC)', { type: 'datetime-local', hint: 'Empty: no end.' })}
              </div>
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium text-mist-100">Claimable on (none ticked: every day)</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-2">
                  {WEEKDAYS.map((name, day) => (
                    <label key={name} className="flex items-center gap-1.5 text-sm text-mist-300">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-gold-400"
                        checked={form.weekdays.includes(day)}
                        onChange={(event) => set('weekdays', event.target.checked ? [...form.weekdays, day] : form.weekdays.filter((d) => d !== day))}
                      />
                      {name}
                    </label>
                  ))}
                </div>
                {errors.weekdays ? <p className="mt-1 text-sm text-ruby-500">{errors.weekdays}</p> : null}
              </fieldset>
              {check('retired', 'Retired (off the site; granted bonuses run on)')}
            </Section>

            {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" busy={busy}>
                {editing ? 'Save changes' : 'Create offer'}
              </Button>
              {editing ? (
                <Button variant="ghost" onClick={() => open(null)}>
                  New offer instead
                </Button>
              ) : null}
            </div>
          </form>
        </Card>

        <section aria-label="Preview" className="space-y-2 md:sticky md:top-4">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-mist-400">Preview: what players see</h2>
          {/* The player site's own card, inert: its buttons would claim or leave the console. */}
          <div inert>
            <OfferCard offer={offer} termsOpen />
          </div>
          <p className="text-xs text-mist-400">
            {form.retired
              ? 'Retired: players do not see it.'
              : form.visibility === 'public'
                ? 'Listed on /all-bonuses once saved.'
                : form.visibility === 'hidden'
                  ? 'Hidden: only operators grant it.'
                  : 'Code only: players reach it by its link.'}
          </p>
        </section>
      </div>
    </div>
  );
}
