import { type FormEvent, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { AdminGame, AdminGames } from '../../../contract/operators.ts';
import { GAME_TAGS } from '../../../contract/operators.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { firstErrors } from '../../lib/api.ts';
import { AdminList, type ListColumn } from './admin-list.tsx';
import { adminApi, type Loaded } from './api.ts';
import { majorUnits, minorUnits } from './stake-input.ts';
import { Badge, money, Notice } from './ui.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** An on/off switch for one game: a disabled game leaves the lobby at once and takes no new rounds. */
/** A game's on/off switch, shared by our games' and the providers' game tables. */
export function EnabledSwitch({ game, onChange }: { game: { name: string; enabled: boolean }; onChange: (enabled: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={game.enabled}
      aria-label={`${game.name} enabled`}
      onClick={() => onChange(!game.enabled)}
      className="inline-flex items-center gap-2 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
    >
      <span className={`relative block h-6 w-11 shrink-0 rounded-full transition-colors ${game.enabled ? 'bg-felt-500' : 'bg-night-600'}`}>
        <span
          className={`absolute top-0.5 left-0.5 block h-5 w-5 rounded-full bg-white transition-transform ${game.enabled ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </span>
      <span className={`text-sm ${game.enabled ? 'text-felt-500' : 'text-mist-400'}`}>{game.enabled ? 'On' : 'Off'}</span>
    </button>
  );
}

/** Category, tags and stake limits of one game, in a dialog; the server's 422 shows beside each field. */
function EditGame({ game, choices, onClose, onSaved }: { game: AdminGame; choices: AdminGames; onClose: () => void; onSaved: (text: string) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const min = minorUnits(String(form.get('min_stake') ?? ''));
    const max = minorUnits(String(form.get('max_stake') ?? ''));
    if (min === null || max === null) {
      return setErrors({
        ...(min === null ? { min_stake: 'Enter an amount such as 0.10.' } : {}),
        ...(max === null ? { max_stake: 'Enter an amount such as 100.00.' } : {}),
      });
    }
    setBusy(true);
    const result = await adminApi('PUT', `/api/admin/games/${game.slug}`, {
      category: String(form.get('category') ?? ''),
      // The checkboxes offer only the known tags.
      tags: form.getAll('tags').flatMap((tag) => GAME_TAGS.filter((known) => known === tag)),
      min_stake: min,
      max_stake: max,
    });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors ? firstErrors(result.errors) : { form: result.message });
      return;
    }
    onSaved(`${game.name} saved.`);
  }
  return (
    <Dialog title={`Edit ${game.name}`} onClose={onClose}>
      <form onSubmit={save} className="space-y-4" noValidate>
        <SelectField
          label="Category"
          name="category"
          defaultValue={game.category}
          error={errors.category}
          options={choices.categories.map((category) => ({ value: category.slug, label: category.name }))}
        />
        <fieldset>
          <legend className="text-sm font-medium text-mist-100">Listing tags</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {choices.tags.map((tag) => (
              <label key={tag} className="inline-flex items-center gap-2 text-sm text-mist-300">
                <input type="checkbox" name="tags" value={tag} defaultChecked={game.tags.includes(tag)} className="h-4 w-4 accent-gold-400" />
                {tag}
              </label>
            ))}
          </div>
          {errors.tags || errors['tags.0'] ? <p className="mt-1 text-sm text-ruby-500">{errors.tags ?? errors['tags.0']}</p> : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Minimum stake" name="min_stake" inputMode="decimal" defaultValue={majorUnits(game.min_stake)} error={errors.min_stake} />
          <TextField label="Maximum stake" name="max_stake" inputMode="decimal" defaultValue={majorUnits(game.max_stake)} error={errors.max_stake} />
        </div>
        {game.stake_step > 1 ? (
          <p className="text-xs text-mist-400">
            Stakes on this game are shared by its {game.stake_step} lines: both limits must be multiples of {money(game.stake_step)}.
          </p>
        ) : null}
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Every game with its switch, category, tags and stake limits (sortable), as the Games screen's loader read them. */
export function GamesTable({ games }: { games: Loaded<AdminGames> }) {
  const { data, error } = games;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const categoryName = useMemo(() => new Map((data?.categories ?? []).map((category) => [category.slug, category.name])), [data]);

  async function toggle(game: AdminGame, enabled: boolean) {
    const result = await adminApi('PUT', `/api/admin/games/${game.slug}`, { enabled });
    setOutcome(
      result.ok
        ? { tone: 'success', text: enabled ? `${game.name} is on: players see it again.` : `${game.name} is off: it left the lobby and takes no new rounds.` }
        : { tone: 'error', text: result.message },
    );
    await revalidator.revalidate();
  }

  // Built each render: the switch's handler closes over this render's toggle (a few dozen rows, no cost worth a memo).
  const columns: ListColumn<AdminGame>[] = [
    {
      key: 'name',
      header: 'Game',
      sortBy: (row) => row.name,
      cell: (row) => (
        <div>
          <p className="font-medium text-mist-100">{row.name}</p>
          <p className="text-xs text-mist-400">
            {row.kind} · <span className="whitespace-nowrap">RTP {row.rtp.toFixed(2)}%</span>
          </p>
        </div>
      ),
    },
    {
      key: 'enabled',
      header: 'Status',
      sortBy: (row) => (row.enabled ? 1 : 0),
      cell: (row) => <EnabledSwitch game={row} onChange={(enabled) => toggle(row, enabled)} />,
    },
    {
      key: 'category',
      header: 'Category',
      sortBy: (row) => categoryName.get(row.category) ?? row.category,
      cell: (row) => <span className="whitespace-nowrap">{categoryName.get(row.category) ?? row.category}</span>,
    },
    {
      key: 'tags',
      header: 'Tags',
      sortBy: (row) => row.tags.join(', '),
      cell: (row) =>
        row.tags.length ? (
          <span className="flex flex-wrap gap-1">
            {row.tags.map((tag) => (
              <Badge key={tag}>{tag}</Badge>
            ))}
          </span>
        ) : (
          <span className="text-mist-400">—</span>
        ),
    },
    {
      key: 'min_stake',
      header: 'Min stake',
      sortBy: (row) => row.min_stake,
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{money(row.min_stake)}</span>,
    },
    {
      key: 'max_stake',
      header: 'Max stake',
      sortBy: (row) => row.max_stake,
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{money(row.max_stake)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      quiet: true,
      cell: (row) => (
        <Button variant="ghost" className="min-h-0 px-3 py-1.5" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
          Edit
        </Button>
      ),
    },
  ];

  return (
    <section className="space-y-4" aria-labelledby="games-catalogue">
      <div>
        <h2 id="games-catalogue" className="text-lg font-semibold text-mist-100">
          Catalogue
        </h2>
        <p className="text-sm text-mist-400">Changes apply at once on every server; a round already in progress on a game switched off may finish.</p>
      </div>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {error !== null ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <AdminList
          caption="Games"
          rows={data.games}
          columns={columns}
          rowKey={(row) => row.slug}
          empty="No games."
          initialSort={[{ id: 'name', desc: false }]}
          minWidth="min-w-[44rem]"
          dense
          rowProps={(row) => ({ 'data-game': row.slug, className: row.enabled ? '' : 'bg-night-900/60' })}
        />
      )}
      {editing && data ? (
        <EditGame
          game={editing}
          choices={data}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setOutcome({ tone: 'success', text });
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </section>
  );
}
