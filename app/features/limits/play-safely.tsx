import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { limitsApi } from './limits-api.ts';
import type { LimitsState } from './use-limits.ts';

// The responsible-gambling information some jurisdictions (MGA) ask a player to read before the first stake
// (docs/decisions/0120). Shown while the server still waits for the acknowledgement; games refuse a stake until then.
export function PlaySafely({ state }: { state: LimitsState }) {
  const [busy, setBusy] = useState(false);
  if (!state.limits?.jurisdiction.rg_info_due) return null;
  async function acknowledge() {
    setBusy(true);
    await state.run(() => limitsApi.acknowledgeRgInfo(), 'Thank you. You can play now.');
    setBusy(false);
  }
  return (
    <Card title="Before your first game: play safely">
      <div className="space-y-3 text-sm text-mist-300" data-testid="play-safely">
        <p>Gambling is entertainment, not a way to make money. Only play with money you can afford to lose, and stop when it stops being fun.</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Deposit, loss and wager limits, a session limit and reality checks are on this page; lowering a limit works at once.</li>
          <li>A time-out closes play for 1 to 42 days; self-exclusion for 6 months or more. Both are further down this page.</li>
          <li>Free, confidential help is listed at the bottom of this page.</li>
        </ul>
        <Button busy={busy} onClick={() => void acknowledge()}>
          I have read this
        </Button>
      </div>
    </Card>
  );
}
