import { useState, type FormEvent } from 'react';
import type { RoundMode, SeedRotation } from '../../../../contract/games.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, Skeleton } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSeeds } from './use-seeds.ts';

/** The seed pair the next round will use, the client seed editable, and rotation that reveals the old server seed. */
export function SeedsPanel({ mode, onRotated }: { mode: RoundMode; onRotated: (rotation: SeedRotation) => void }) {
  const { seeds, rotation, error, setClientSeed, rotate } = useSeeds(mode);
  const { notify } = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'rotate' | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    setBusy('save');
    const problem = await setClientSeed(draft);
    setBusy(null);
    setFieldError(problem);
    if (!problem) {
      setDraft(null);
      notify('Client seed saved. Your next round uses it.', 'success');
    }
  }

  async function rotateSeed() {
    setBusy('rotate');
    const done = await rotate();
    setBusy(null);
    if (done) onRotated(done);
  }

  return (
    <Card title={mode === 'real' ? 'Your seeds' : 'Your demo seeds'}>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-ruby-500">
          {error}
        </p>
      ) : null}
      {seeds ? (
        <div className="space-y-3 text-sm">
          <Value label="Server seed hash (SHA-256, published before play)" value={seeds.server_seed_hash} testId="server-seed-hash" />
          <form onSubmit={(event) => void save(event)} className="space-y-1">
            <label htmlFor="client-seed" className="block text-xs text-mist-400">
              Client seed (yours to choose)
            </label>
            <div className="flex gap-2">
              <input
                id="client-seed"
                value={draft ?? seeds.client_seed}
                onChange={(event) => setDraft(event.target.value)}
                maxLength={64}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'client-seed-error' : undefined}
                className="min-w-0 flex-1 rounded-lg border border-night-600 bg-night-900 px-3 py-2 font-mono text-mist-100"
              />
              <Button type="submit" variant="ghost" busy={busy === 'save'} disabled={draft === null || draft === seeds.client_seed}>
                Save
              </Button>
            </div>
            {fieldError ? (
              <p id="client-seed-error" className="text-xs text-ruby-500">
                {fieldError}
              </p>
            ) : null}
          </form>
          <Value label="Nonce (the next round's number under this seed)" value={String(seeds.nonce)} testId="nonce" />
          <div className="flex flex-wrap items-center gap-3 pt-1">
            <Button busy={busy === 'rotate'} onClick={() => void rotateSeed()}>
              Rotate seed
            </Button>
            <p className="text-xs text-mist-400">Reveals the current server seed so every round played with it can be checked, and commits to a new one.</p>
          </div>
          {rotation ? (
            <div className="rounded-lg border border-felt-500/50 bg-felt-500/10 p-3" data-testid="revealed-seed">
              <p className="text-xs font-semibold text-felt-500">Previous server seed revealed</p>
              <p className="mt-1 break-all font-mono text-xs text-mist-100">{rotation.previous_server_seed}</p>
              <p className="mt-1 break-all font-mono text-[0.6875rem] text-mist-400">hash {rotation.previous_server_seed_hash}</p>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      )}
    </Card>
  );
}

function Value({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <p className="text-xs text-mist-400">{label}</p>
      <p className="break-all font-mono text-mist-100" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}
