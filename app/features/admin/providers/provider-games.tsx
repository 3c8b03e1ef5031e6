import { type FormEvent, useMemo, useState } from 'react';
import type { AdminProviders, ProviderGame } from '../../../../contract/providers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { firstErrors } from '../../../lib/api.ts';
import { adminApi } from '../api.ts';
import { EnabledSwitch } from '../games-table.tsx';
import { Badge, Notice } from '../ui.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Category and wagering contribution of one game; the server's 422 shows beside each field. */
function EditGame({
  game,
  categories,
  onClose,
  onSaved,
}: {
  game: ProviderGame;
  categories: AdminProviders['categories'];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const contribution = String(form.get('wagering_contribution') ?? '').trim();
    if (contribution !== '' && !/^(100|[1-9]?\d)$/.test(contribution))
      return setErrors({ wagering_contribution: 'Enter a whole percent from 0 to 100, or leave it empty.' });
    setBusy(true);
    const result = await adminApi('PUT', `/api/admin/providers/games/${game.slug}`, {
      category: String(form.get('category') ?? ''),
      wagering_contribution: contribution === '' ? null : Number(contribution),
    });
    setBusy(false);
    if (!result.ok) return setErrors(result.errors ? firstErrors(result.errors) : { form: result.message });
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
          options={categories.map((category) => ({ value: category.slug, label: category.name }))}
        />
        <TextField
          label="Wagering contribution (%)"
          name="wagering_contribution"
          inputMode="numeric"
          defaultValue={game.wagering_contribution ?? ''}
          placeholder="100"
          hint="How much of a stake on this game counts toward bonus wagering, on top of its category's share. Empty: all of it."
          error={errors.wagering_contribution}
        />
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

/** Hub88's games by studio: each with its art, switch, category, contribution, demo and free rounds. */
export function ProviderGames({ data, reload }: { data: AdminProviders; reload: () => void }) {
  const [editing, setEditing] = useState<ProviderGame | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const categoryName = useMemo(() => new Map(data.categories.map((category) => [category.slug, category.name])), [data]);
  const studios = useMemo(() => {
    const grouped = new Map<string, ProviderGame[]>();
    for (const game of data.games) grouped.set(game.studio, [...(grouped.get(game.studio) ?? []), game]);
    return [...grouped];
  }, [data]);

  async function toggle(game: ProviderGame, enabled: boolean) {
    const result = await adminApi('PUT', `/api/admin/providers/games/${game.slug}`, { enabled });
    setOutcome(
      result.ok
        ? {
            tone: 'success',
            text: enabled ? `${game.name} is on: players see it in the lobby.` : `${game.name} is off: it left the lobby and cannot be launched.`,
          }
        : { tone: 'error', text: result.message },
    );
    reload();
  }

  return (
    <section className="space-y-4" aria-labelledby="provider-games">
      <h2 id="provider-games" className="text-lg font-semibold text-mist-100">
        Games
      </h2>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {studios.length === 0 ? <Notice>No games yet: press Sync now to read Hub88's list. New games arrive switched off.</Notice> : null}
      {studios.map(([studio, games]) => (
        <div key={studio} className="relative overflow-x-auto rounded-card border border-night-700">
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="bg-night-800 px-4 py-2.5 text-left font-medium text-mist-100">
              {studio}{' '}
              <span className="font-normal text-mist-400">
                · {games.filter((game) => game.enabled && !game.withdrawn).length} of {games.length} on
              </span>
            </caption>
            <thead className="text-left text-mist-400">
              <tr className="border-t border-night-700">
                <th className="px-4 py-2 font-medium">Game</th>
                <th className="px-4 py-2 font-medium">Category</th>
                <th className="px-4 py-2 font-medium">Wagering</th>
                <th className="px-4 py-2 font-medium">Features</th>
                <th className="px-4 py-2 font-medium">Players see it</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((game) => (
                <tr key={game.slug} data-game={game.slug} className="border-t border-night-700">
                  <td className="px-4 py-2.5">
                    <div className="flex items-center gap-3">
                      {game.thumbnail ? (
                        <img
                          src={game.thumbnail}
                          alt=""
                          width={64}
                          height={48}
                          referrerPolicy="no-referrer"
                          className="h-12 w-16 shrink-0 rounded object-cover"
                        />
                      ) : null}
                      <div className="min-w-0">
                        <p className="font-medium text-mist-100">{game.name}</p>
                        <p className="truncate font-mono text-xs text-mist-400">{game.code}</p>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-2.5 text-mist-300">{categoryName.get(game.category) ?? game.category}</td>
                  <td className="px-4 py-2.5 tabular-nums text-mist-300">
                    {game.wagering_contribution === null ? '100 %' : `${game.wagering_contribution} %`}
                  </td>
                  <td className="space-x-1 px-4 py-2.5">
                    {game.demo ? <Badge>Demo</Badge> : null}
                    {game.freebets ? <Badge>Free rounds</Badge> : null}
                    {game.rtp > 0 ? <Badge>RTP {game.rtp.toFixed(2)}%</Badge> : null}
                  </td>
                  <td className="px-4 py-2.5">
                    {game.withdrawn ? (
                      <Badge tone="warn">Withdrawn by Hub88</Badge>
                    ) : (
                      <EnabledSwitch game={game} onChange={(enabled) => void toggle(game, enabled)} />
                    )}
                  </td>
                  <td className="px-4 py-2.5 text-right">
                    <button type="button" className="text-gold-400 hover:underline" onClick={() => setEditing(game)} aria-label={`Edit ${game.name}`}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {editing ? (
        <EditGame
          game={editing}
          categories={data.categories}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setOutcome({ tone: 'success', text });
            reload();
          }}
        />
      ) : null}
    </section>
  );
}
