import { useEffect, useState } from 'react';
import type { BonusUpdated } from '../../../contract/bonuses.ts';
import type { MessageReceived } from '../../../contract/messages.ts';
import type { RealtimePublicConfig } from '../../../contract/site.ts';
import type { BalanceUpdated } from '../../../contract/wallet.ts';
import { useToast } from '../../components/ui/toast.tsx';
import type { RealtimeProblem } from '../../lib/realtime.ts';
import { receiveBonus } from '../../lib/use-bonus-updates.ts';
import { receiveMessage } from '../../lib/use-inbox.ts';
import { applyWallet } from '../../lib/use-wallet.ts';
import { applyVerification } from '../../lib/use-verification.ts';
import type { VerificationUpdated } from '../../../contract/verification.ts';
import { CHAIN_DEPOSIT_EVENT, type ChainDeposit } from '../../../contract/chain.rules.ts';
import { receiveChainDeposit } from '../../lib/use-chain-deposits.ts';

/**
 * Keeps a signed-in player's page live: the balance after every change and operator messages as they are sent.
 * The realtime client is loaded after hydration, in its own chunk; guests never download it. Each event is written
 * into the query cache (app/lib/queries.ts): BalanceUpdated is the wallet, BonusUpdated merges into the bonuses…
 */
export function LiveUpdates({ playerId, config }: { playerId: string | null; config: RealtimePublicConfig | null }) {
  const { notify } = useToast();
  const [problem, setProblem] = useState<RealtimeProblem>(null);
  const { key, host, port, scheme } = config ?? {};

  useEffect(() => {
    if (!playerId || !key) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/realtime.ts').then(({ connectRealtime }) => {
      if (cancelled) return;
      stop = connectRealtime({ key, host: host ?? '', port: port ?? 0, scheme: scheme ?? 'http' }, playerId, {
        onEvent(name, data) {
          if (name === 'BalanceUpdated') applyWallet((data as BalanceUpdated).wallet);
          if (name === 'BonusUpdated') receiveBonus(data as BonusUpdated);
          if (name === 'MessageReceived') {
            const received = data as MessageReceived;
            receiveMessage(received);
            notify(`New message: ${received.message.subject}`);
          }
          if (name === 'VerificationUpdated') applyVerification((data as VerificationUpdated).verification);
          if (name === CHAIN_DEPOSIT_EVENT) receiveChainDeposit((data as { deposit: ChainDeposit }).deposit);
        },
        onProblem: setProblem,
        // Marked on the document so tests (and curious operators) can tell the page is live.
        onLive: (live) => {
          document.documentElement.dataset.realtime = live ? 'live' : 'offline';
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
      setProblem(null);
      delete document.documentElement.dataset.realtime;
    };
  }, [playerId, key, host, port, scheme, notify]);

  if (!problem) return null;
  return (
    <p
      role="status"
      data-testid="realtime-problem"
      className="fixed bottom-4 left-4 z-40 rounded-full border border-night-600 bg-night-850 px-4 py-2 text-xs text-mist-300 shadow-glow"
    >
      <span aria-hidden="true" className="mr-2 inline-block h-2 w-2 rounded-full bg-ruby-500" />
      {problem}
    </p>
  );
}
