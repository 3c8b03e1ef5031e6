import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SLOT_TITLES } from '../../../../games/slots/catalogue.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, Skeleton } from '../../../components/ui/card.tsx';
import { callApi } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queries.ts';
import { differences, recomputeInputOf, recomputeRound, type Recomputed, type RecomputeInput } from './recompute-round.ts';
import { VerificationResult } from './verification-result.tsx';

const ENGINES = [
  { id: 'european-roulette', name: 'European Roulette' },
  { id: 'blackjack', name: 'Blackjack' },
  { id: 'dice', name: 'Dice' },
  { id: 'mines', name: 'Mines' },
  { id: 'plinko', name: 'Plinko' },
  ...SLOT_TITLES.map((title) => ({ id: title.slug, name: title.name })),
];

type Verdict = { recomputed: Recomputed; problems: string[] | null } | { error: string };

export type ManualFields = { game: string; serverSeed: string; clientSeed: string; nonce: string; request: string; moves: string; hash: string };

async function verdictOf(work: () => Promise<Verdict>): Promise<Verdict> {
  try {
    return await work();
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'These inputs cannot be replayed.' };
  }
}

/** A kept round, or why it cannot be shown (a refusal is an answer to show, not an error to retry). */
async function readRound(roundId: string) {
  const result = await callApi('GET', `/api/player/rounds/${encodeURIComponent(roundId)}`);
  if (result.ok) return { round: result.body.data, failure: null };
  return { round: null, failure: result.status === 401 ? 'Log in to verify your rounds.' : result.message };
}

/** A kept round (`?round=`), fetched and recomputed in this browser; `reload` changes after a rotation revealed its seed. */
export function StoredRoundCheck({ roundId, reload }: { roundId: string; reload: number }) {
  // Each round and each reload is its own read: the newest one's answer is the one shown, the last one stays on
  // screen while it loads, and both are forgotten when the check closes.
  const key = queryKeys.roundCheck(roundId, String(reload));
  const { data, isPlaceholderData } = useQuery({
    queryKey: key,
    queryFn: () => readRound(roundId),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    gcTime: 0,
  });
  const round = data?.round ?? null;
  const failure = data?.failure ?? null;
  // Recomputed once the round itself has arrived (not the last one, still shown while it loads).
  const input = round && !isPlaceholderData ? recomputeInputOf(round) : null;
  const { data: verdict = null } = useQuery({
    queryKey: [...key, 'verdict'],
    queryFn: () =>
      round && input
        ? verdictOf(async () => {
            const recomputed = await recomputeRound(input);
            return { recomputed, problems: differences(round, recomputed) };
          })
        : null,
    enabled: input !== null,
    gcTime: 0,
  });

  return (
    <Card title="Round check">
      {failure ? (
        <p role="alert" className="text-sm text-ruby-500">
          {failure}
        </p>
      ) : !round ? (
        <Skeleton className="h-20 w-full" />
      ) : (
        <div className="space-y-3">
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <Fact term="Game" value={round.game} />
            <Fact term="Nonce" value={String(round.fairness.nonce)} />
            <Fact term="Client seed" value={round.fairness.client_seed} />
            <Fact term="Status" value={round.status} />
          </dl>
          {!round.fairness.server_seed ? (
            <p role="status" className="rounded-lg border border-gold-500/50 bg-gold-400/10 p-3 text-sm text-gold-300" data-testid="seed-secret">
              This round's server seed is still secret: it is the one you are playing with now. Rotate your seed above to reveal it, and the round is checked
              here at once.
            </p>
          ) : verdict === null ? (
            <Skeleton className="h-16 w-full" />
          ) : 'error' in verdict ? (
            <p role="alert" className="text-sm text-ruby-500">
              {verdict.error}
            </p>
          ) : (
            <VerificationResult recomputed={verdict.recomputed} problems={verdict.problems} />
          )}
        </div>
      )}
    </Card>
  );
}

/** Any round from pasted values (a demo round, or a check independent of our history), recomputed here. */
export function ManualCheck({ fields, onChange }: { fields: ManualFields; onChange: (fields: ManualFields) => void }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof ManualFields) => ({
    id: `verify-${name}`,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...fields, [name]: event.target.value }),
  });

  async function verify(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setVerdict(
      await verdictOf(async () => {
        const request = fields.request.trim() ? (JSON.parse(fields.request) as unknown) : {};
        const input: RecomputeInput = {
          game: fields.game,
          serverSeed: fields.serverSeed.trim(),
          clientSeed: fields.clientSeed,
          nonce: Number(fields.nonce),
          request,
          moves: fields.moves.split(/[\s,]+/).filter(Boolean),
        };
        const recomputed = await recomputeRound(input);
        const hash = fields.hash.trim().toLowerCase();
        const problems = hash ? (hash === recomputed.serverSeedHash ? [] : ['The server seed does not hash to the published hash.']) : null;
        return { recomputed, problems };
      }),
    );
    setBusy(false);
  }

  const input = 'w-full rounded-lg border border-night-600 bg-night-900 px-3 py-2 font-mono text-sm text-mist-100';
  const label = 'mb-1 block text-xs text-mist-400';
  return (
    <Card title="Verify any round">
      <form onSubmit={(event) => void verify(event)} className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="verify-game" className={label}>
            Game
          </label>
          <select {...field('game')} className={input}>
            {ENGINES.map((engine) => (
              <option key={engine.id} value={engine.id}>
                {engine.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="verify-nonce" className={label}>
            Nonce
          </label>
          <input {...field('nonce')} inputMode="numeric" className={input} required />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="verify-serverSeed" className={label}>
            Server seed (revealed)
          </label>
          <input {...field('serverSeed')} className={input} required autoComplete="off" />
        </div>
        <div>
          <label htmlFor="verify-clientSeed" className={label}>
            Client seed
          </label>
          <input {...field('clientSeed')} className={input} required autoComplete="off" />
        </div>
        <div>
          <label htmlFor="verify-hash" className={label}>
            Published hash (optional)
          </label>
          <input {...field('hash')} className={input} autoComplete="off" />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="verify-request" className={label}>
            Request (JSON: {'{"bets": […]}'} or {'{"stake": 20}'})
          </label>
          <textarea {...field('request')} rows={2} className={input} />
        </div>
        {fields.game === 'blackjack' || fields.game === 'mines' ? (
          <div className="sm:col-span-2">
            <label htmlFor="verify-moves" className={label}>
              Moves in order (e.g. hit, stand; for mines reveal:7, cashout)
            </label>
            <input {...field('moves')} className={input} autoComplete="off" />
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy}>
            Verify
          </Button>
        </div>
      </form>
      {verdict ? (
        <div className="mt-4 border-t border-night-700 pt-4">
          {'error' in verdict ? (
            <p role="alert" className="text-sm text-ruby-500">
              {verdict.error}
            </p>
          ) : (
            <VerificationResult recomputed={verdict.recomputed} problems={verdict.problems} />
          )}
        </div>
      ) : null}
    </Card>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-night-800 px-3 py-2">
      <dt className="text-xs text-mist-400">{term}</dt>
      <dd className="truncate font-mono text-mist-100">{value}</dd>
    </div>
  );
}
