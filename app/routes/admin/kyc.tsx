import { type FormEvent, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/kyc';
import type { AdminVerificationDocument } from '../../../contract/verification.ts';
import { DOCUMENT_STATUSES, type DocumentStatus } from '../../../contract/verification.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminLoad } from '../../features/admin/api.ts';
import { byReviewOrder, DocumentPanel, documentLabel, KYC_PERMISSION } from '../../features/admin/kyc-documents.tsx';
import { hasPermission, useStaff } from '../../features/admin/session.tsx';
import { AdminHeading, ChoiceGroup, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';

type Player = AdminVerificationDocument['player'];
type Group = { player: Player; documents: AdminVerificationDocument[]; oldest: string };

const PLAYER_ID = /^[1-9][0-9]{0,14}$/;
/** The API answers the oldest 200 documents. */
const QUEUE_LIMIT = 200;

/** The queue by player, in the order their oldest document arrived (the API answers oldest first). */
function groupByPlayer(documents: AdminVerificationDocument[]): Group[] {
  const groups = new Map<string, Group>();
  for (const document of documents) {
    const group = groups.get(document.player.id) ?? { player: document.player, documents: [], oldest: document.uploaded_at };
    group.documents.push(document);
    groups.set(document.player.id, group);
  }
  return [...groups.values()].map((group) => ({ ...group, documents: group.documents.sort(byReviewOrder) }));
}

function countryName(code: string | null) {
  if (!code) return '—';
  try {
    return `${new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** What the reviewer compares the documents against: the player's own account of themselves. */
function PlayerFacts({ player }: { player: Player }) {
  const rows: [string, string][] = [
    ['Name', player.name],
    ['Surname', player.surname],
    ['Birthdate', player.birthdate ?? '—'],
    ['Address', player.address1 ?? '—'],
    ['Postcode', player.postcode ?? '—'],
    ['City', player.city ?? '—'],
    ['Country', countryName(player.country)],
    ['E-mail', player.email],
  ];
  return (
    <Card
      title="Player details"
      action={
        <Link className="text-sm text-gold-400 hover:underline" to={`/admin/players/${player.id}`}>
          Player {player.id}
        </Link>
      }
    >
      <dl aria-label="Player details" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-mist-400">{label}</dt>
            <dd className="min-w-0 break-words text-mist-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The queue the address asks for: its `status` (pending unless it names another) and `player`, if any. */
function queueOf(params: URLSearchParams) {
  const named = params.get('status') ?? '';
  const status: DocumentStatus = DOCUMENT_STATUSES.find((value) => value === named) ?? 'pending';
  return { status, player: params.get('player') ?? '' };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { status, player } = queueOf(new URL(request.url).searchParams);
  const query = new URLSearchParams({ status, ...(player ? { player } : {}) });
  return adminLoad(request, `/api/admin/kyc/documents?${query}`);
}

export function HydrateFallback() {
  return <Loading />;
}

/**
 * The KYC queue: documents waiting for review, oldest first and grouped by player. Selecting a player shows their
 * documents side by side beside what they told us about themselves; after a decision the next pending item shows.
 */
export default function AdminKyc({ loaderData: { data, error } }: Route.ComponentProps) {
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const { status, player } = queueOf(params);
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [playerInput, setPlayerInput] = useState(player);
  const [playerError, setPlayerError] = useState<string | undefined>();
  const canDecide = hasPermission(me, KYC_PERMISSION);

  const groups = data ? groupByPlayer(data) : [];
  // The reviewer stays with a player until their last pending document is decided; then it leaves the queue and
  // the next player in line is shown.
  const current = groups.find((group) => group.player.id === selected) ?? groups[0] ?? null;

  function show(next: { status?: DocumentStatus; player?: string }) {
    const values = { status, player, ...next };
    const search = new URLSearchParams();
    if (values.status !== 'pending') search.set('status', values.status);
    if (values.player) search.set('player', values.player);
    setParams(search, { preventScrollReset: true });
    setSelected(null);
    setOutcome(null);
  }

  function filterPlayer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = playerInput.trim();
    if (value && !PLAYER_ID.test(value)) {
      setPlayerError('A player id is a whole number, like 42.');
      return;
    }
    setPlayerError(undefined);
    show({ player: value });
  }

  return (
    <div className="space-y-5">
      <AdminHeading title="KYC">
        <ChoiceGroup
          label="Status"
          value={status}
          choices={DOCUMENT_STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
          onChoose={(value) => show({ status: value })}
        />
      </AdminHeading>

      <form onSubmit={filterPlayer} noValidate aria-label="Filter by player" className="flex flex-wrap items-end gap-2">
        <div className="w-48">
          <TextField label="Player ID" inputMode="numeric" value={playerInput} error={playerError} onChange={(event) => setPlayerInput(event.target.value)} />
        </div>
        <Button type="submit" variant="ghost" className="px-4 py-2.5 text-sm">
          Filter
        </Button>
        {player ? (
          <Button
            variant="ghost"
            className="px-4 py-2.5 text-sm"
            onClick={() => {
              setPlayerInput('');
              show({ player: '' });
            }}
          >
            All players
          </Button>
        ) : null}
      </form>

      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {!data ? null : groups.length === 0 ? (
        <Notice>
          {status === 'pending' ? 'No documents are waiting for review' : `No ${status} documents`}
          {player ? ` for player ${player}` : ''}.
        </Notice>
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[17rem_minmax(0,1fr)]">
          <nav aria-label="KYC queue" className="space-y-2">
            <p className="text-xs text-mist-400">
              {data.length} {status} document{data.length === 1 ? '' : 's'} from {groups.length} player{groups.length === 1 ? '' : 's'}, oldest first
              {data.length >= QUEUE_LIMIT ? ` (the oldest ${QUEUE_LIMIT} shown)` : ''}.
            </p>
            <ul className="max-h-[40rem] space-y-1.5 overflow-y-auto lg:max-h-[calc(100vh-14rem)]">
              {groups.map((group) => {
                const active = group.player.id === current?.player.id;
                return (
                  <li key={group.player.id}>
                    <button
                      type="button"
                      aria-current={active ? 'true' : undefined}
                      onClick={() => {
                        setSelected(group.player.id);
                        setOutcome(null);
                      }}
                      className={`w-full rounded-lg border px-3 py-2.5 text-left text-sm ${
                        active ? 'border-gold-400 bg-night-800' : 'border-night-700 bg-night-850 hover:border-night-600'
                      }`}
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate font-medium text-mist-100">
                          {group.player.name} {group.player.surname}
                        </span>
                        <span className="shrink-0 text-xs text-mist-400">#{group.player.id}</span>
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-mist-400">{group.documents.map(documentLabel).join(', ')}</span>
                      <span className="mt-0.5 block text-xs text-mist-400">Since {dateTime(group.oldest)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {current ? (
            <div className="min-w-0 space-y-4" aria-label={`Documents of ${current.player.name} ${current.player.surname}`} role="region">
              <PlayerFacts player={current.player} />
              <div className="grid gap-4 xl:grid-cols-2">
                {current.documents.map((document) => (
                  <DocumentPanel
                    key={document.id}
                    document={document}
                    canDecide={canDecide}
                    onDecided={(result) => {
                      setOutcome(result);
                      // Stay with this player while they have documents left; only then does the next one show.
                      setSelected(current.player.id);
                      void revalidator.revalidate();
                    }}
                  />
                ))}
              </div>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
