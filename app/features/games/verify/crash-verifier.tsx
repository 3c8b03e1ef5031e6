import { useState, type FormEvent } from 'react';
import type { CrashGame } from '../../../../contract/crash.ts';
import { chainLinks, crashPointFromHash, sha256Hex, shownCrashPoint } from '../../../../games/crash/crash.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { callApi } from '../../../lib/api.ts';

// A past crash round checked in the browser (docs/decisions/0071-crash.md): its revealed hash must hash, link by
// link, back to the chain's published terminating hash, and its crash point must be the one the hash gives.

type Checked = { game: CrashGame & { terminating_hash: string }; point: number; links: boolean; previous: string; agrees: boolean };

export function CrashVerifier({ initialRound }: { initialRound: string | null }) {
  const [round, setRound] = useState(initialRound ?? '');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Checked | { error: string } | null>(null);

  async function verify(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await callApi('GET', `/api/crash/games/${encodeURIComponent(round.trim())}`);
    if (!answer.ok) {
      setResult({ error: answer.message });
    } else if (!answer.body.data.hash) {
      setResult({ error: 'This round has not crashed yet: its hash is revealed when it ends.' });
    } else {
      const game = answer.body.data;
      const hash = game.hash!;
      const point = crashPointFromHash(hash);
      setResult({
        game,
        point,
        links: await chainLinks(hash, game.chain_index, game.terminating_hash),
        previous: await sha256Hex(hash),
        agrees: point === game.crash_point,
      });
    }
    setBusy(false);
  }

  return (
    <Card title="Verify a crash round">
      <p className="mb-3 text-sm text-mist-300">
        Crash rounds come from one chain of hashes: each hash is the SHA-256 of the next one, and the chain's last hash was published before its first round.
        Enter a round number to check, here in your browser, that its revealed hash belongs to the chain and gives its crash point: the first 13 hex digits as
        r, crash point = ⌊99 × 2⁵² / (2⁵² − r)⌋ / 100.
      </p>
      <form onSubmit={(event) => void verify(event)} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="crash-round" className="mb-1 block text-xs text-mist-400">
            Round number
          </label>
          <input
            id="crash-round"
            value={round}
            onChange={(event) => setRound(event.target.value)}
            inputMode="numeric"
            required
            className="w-40 rounded-lg border border-night-600 bg-night-900 px-3 py-2 font-mono text-sm text-mist-100"
          />
        </div>
        <Button type="submit" busy={busy}>
          Verify round
        </Button>
      </form>
      {result ? (
        <div className="mt-4 border-t border-night-700 pt-4 text-sm" data-testid="crash-verification">
          {'error' in result ? (
            <p role="alert" className="text-ruby-500">
              {result.error}
            </p>
          ) : (
            <>
              <p className={`font-bold ${result.links && result.agrees ? 'text-emerald-400' : 'text-ruby-500'}`} data-testid="crash-verdict">
                {result.links && result.agrees
                  ? `Verified: round #${result.game.id} crashed at ${shownCrashPoint(result.point).toFixed(2)}×, as its hash gives.`
                  : 'This round does not match its hash chain.'}
              </p>
              <dl className="mt-2 grid gap-2 sm:grid-cols-2">
                <div className="min-w-0 rounded-lg bg-night-800 px-3 py-2">
                  <dt className="text-xs text-mist-400">Round hash (link {result.game.chain_index})</dt>
                  <dd className="break-all font-mono text-mist-100">{result.game.hash}</dd>
                </div>
                <div className="min-w-0 rounded-lg bg-night-800 px-3 py-2">
                  <dt className="text-xs text-mist-400">Published terminating hash of chain {result.game.chain_id}</dt>
                  <dd className="break-all font-mono text-mist-100">{result.game.terminating_hash}</dd>
                </div>
                <div className="min-w-0 rounded-lg bg-night-800 px-3 py-2">
                  <dt className="text-xs text-mist-400">SHA-256 of the round hash (the previous round's hash)</dt>
                  <dd className="break-all font-mono text-mist-100">{result.previous}</dd>
                </div>
                <div className="min-w-0 rounded-lg bg-night-800 px-3 py-2">
                  <dt className="text-xs text-mist-400">Hashing back {result.game.chain_index} times reaches the published hash</dt>
                  <dd className="font-mono text-mist-100">{result.links ? 'yes' : 'no'}</dd>
                </div>
              </dl>
            </>
          )}
        </div>
      ) : null}
    </Card>
  );
}
