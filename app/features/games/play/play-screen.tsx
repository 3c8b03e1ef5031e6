import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { GameDetail, RoundMode } from '../../../../contract/games.ts';
import type { Wallet } from '../../../../contract/wallet.ts';
import { LogoMark } from '../../../components/logo.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { ToastSlot } from '../../../components/ui/toast.tsx';
import { analytics } from '../../../lib/analytics.ts';
import { playSound } from '../../../lib/game-sound.ts';
import { BlackjackGame } from './blackjack-game.tsx';
import { CrashBets } from './crash-bets.tsx';
import { CrashGame } from './crash-game.tsx';
import { DiceGame } from './dice-game.tsx';
import { MinesGame } from './mines-game.tsx';
import { PlinkoGame } from './plinko-game.tsx';
import { GameInfoPanel } from './game-info-panel.tsx';
import { launchPayload, newPlaySessionId } from './launch-analytics.ts';
import { ModeSwitch } from './mode-switch.tsx';
import { formatStake } from './money.ts';
import { RecentRounds } from './recent-rounds.tsx';
import { RouletteGame } from './roulette-game.tsx';
import { SoundToggle } from './sound-toggle.tsx';
import { SlotGame } from './slot-game.tsx';
import { usePlaySession, type PlaySession } from './use-play-session.ts';

/** The session with its sounds (when the player turned sound on): a tick as a round starts, a chime on a win. */
function withSounds(session: PlaySession): PlaySession {
  return {
    ...session,
    play: (body, stake) => {
      playSound('spin');
      return session.play(body, stake);
    },
    reveal: (round, freeSpin) => {
      if (round.win > round.stake || (freeSpin && round.win > 0)) playSound('win');
      session.reveal(round, freeSpin);
    },
  };
}

type PlayScreenProps = { game: GameDetail; mode: RoundMode; signedIn: boolean; loadedWallet: Wallet | null };

/** A game in the page: a slim bar (lobby, name, mode, balance), the game itself, then its rounds and its info. */
export function PlayScreen({ game, mode, signedIn, loadedWallet }: PlayScreenProps) {
  const played = usePlaySession(game, mode, loadedWallet);
  const session = useMemo(() => withSounds(played), [played]);
  const [panel, setPanel] = useState('rounds');
  // Crash bets are settled by the table: each one settled asks the player's list again.
  const [crashSettled, setCrashSettled] = useState(0);
  const onCrashSettled = useCallback(() => setCrashSettled((n) => n + 1), []);

  useEffect(() => {
    analytics().track({
      event: 'game_launch',
      ...launchPayload(game, mode, { width: window.innerWidth, coarsePointer: window.matchMedia('(pointer: coarse)').matches }, newPlaySessionId()),
    });
  }, [game, mode]);

  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(80%_50%_at_50%_0%,#151a28,#06070c)]">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-night-700 bg-night-950/80 px-3 py-2 sm:px-4">
        <Link to="/" aria-label="Back to the lobby" className="shrink-0">
          <LogoMark />
        </Link>
        <h1 className="min-w-0 flex-1 truncate font-display text-lg font-bold sm:text-xl">{game.name}</h1>
        <SoundToggle />
        {/* On phones the title and the sound switch keep the first row; mode and balance share the second. */}
        <div className="flex w-full flex-wrap items-center justify-between gap-2 sm:w-auto sm:gap-3">
          <ModeSwitch mode={mode} signedIn={signedIn} />
          <BalancePill session={session} />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-4 sm:px-4 sm:py-6">
        {/* A refused move's notice takes its own room above the game rather than covering the table (issue 34 §6). */}
        <ToastSlot className="mb-3" />
        {game.kind === 'roulette' ? (
          <RouletteGame game={game} session={session} />
        ) : game.kind === 'dice' ? (
          <DiceGame game={game} session={session} />
        ) : game.kind === 'plinko' ? (
          <PlinkoGame game={game} session={session} />
        ) : game.kind === 'mines' ? (
          <MinesGame game={game} session={session} />
        ) : game.kind === 'crash' ? (
          <CrashGame game={game} session={session} onSettled={onCrashSettled} />
        ) : game.kind === 'slot' ? (
          <SlotGame game={game} session={session} />
        ) : (
          <BlackjackGame game={game} session={session} />
        )}
        <section className="mt-6 rounded-card border border-night-700 bg-night-850 p-4" aria-label="Rounds and game info">
          <Tabs
            label="Game panels"
            selected={panel}
            onSelect={setPanel}
            tabs={[
              // Crash rounds are the table's, shown on it: the player's own list holds their bets in them.
              game.kind === 'crash'
                ? { id: 'rounds', label: 'Your bets', content: <CrashBets real={mode === 'real'} refresh={crashSettled} /> }
                : { id: 'rounds', label: 'Recent rounds', content: <RecentRounds rounds={session.rounds} mode={mode} /> },
              { id: 'info', label: 'Game info', content: <GameInfoPanel game={game} currency={session.currency} /> },
            ]}
          />
          <p className="mt-4 border-t border-night-700 pt-3 text-xs text-mist-400">
            Every outcome is decided by the server from a provably fair seed.{' '}
            <Link to="/fairness" className="text-gold-300 underline underline-offset-2">
              Check your seeds and verify rounds
            </Link>
            .
          </p>
        </section>
      </main>
    </div>
  );
}

function BalancePill({ session }: { session: PlaySession }) {
  return (
    <div className="flex items-center gap-2 whitespace-nowrap rounded-lg bg-night-800 px-2.5 py-1.5 sm:px-3">
      <div className="text-right leading-tight">
        <p className="text-[0.6875rem] uppercase tracking-wide text-mist-400">{session.mode === 'demo' ? 'Fun credits' : 'Balance'}</p>
        <p className="text-sm font-bold tabular-nums text-gold-300 sm:text-base" data-testid="balance">
          {session.balance === null ? '…' : formatStake(session.balance, session.currency)}
        </p>
      </div>
      {session.mode === 'demo' ? (
        <button
          type="button"
          className="text-xs font-semibold text-mist-300 underline underline-offset-2 hover:text-gold-300"
          onClick={() => void session.resetDemo()}
        >
          Reset
        </button>
      ) : (
        <Link to="/deposit" className="text-xs font-semibold text-mist-300 underline underline-offset-2 hover:text-gold-300">
          Deposit
        </Link>
      )}
    </div>
  );
}
