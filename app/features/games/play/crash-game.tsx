import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CrashState } from '../../../../contract/crash.ts';
import type { GameDetail } from '../../../../contract/games.ts';
import type { RealtimePublicConfig } from '../../../../contract/site.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { type ApiBody, callApi } from '../../../lib/api.ts';
import { playSound } from '../../../lib/game-sound.ts';
import { createAttemptKeys } from '../../../lib/attempt-keys.ts';
import { queryKeys } from '../../../lib/queries.ts';
import { useSiteState } from '../../../lib/use-site-state.ts';
import { applyWallet, useWallet } from '../../../lib/use-wallet.ts';
import { describeRoundResult } from '../../../../contract/round-result.ts';
import { CrashCurve } from './crash-curve.tsx';
import { formatCrashMultiplier as times, formatStake } from './money.ts';
import { StakePicker } from './stake-picker.tsx';
import { nearestStake, stakeLadder } from './stakes.ts';
import type { PlaySession } from './use-play-session.ts';

// Crash (docs/decisions/0071-crash.md): one shared round for everyone, live on the public `crash` channel. The
// multiplier runs in the browser from the server's start time and clock; the server's clock decides cash-outs.

/** "You won €1.00" → "you won €1.00", after "Cashed out at 2.00×:". */
const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

/** A bet (its stake and automatic cash-out) or a cash-out of the player's bet in the running round. */
type CrashMove = { path: '/api/crash/bets'; body: ApiBody<'POST', '/api/crash/bets'> } | { path: '/api/crash/cashout'; body?: undefined };

async function readCrash(): Promise<CrashState> {
  const result = await callApi('GET', '/api/crash');
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

/**
 * `onSettled`: told each time one of the player's bets is settled (cashed out, lost or returned), and again when
 * that bet's round has crashed.
 */

export function CrashGame({ game, session, onSettled }: { game: GameDetail; session: PlaySession; onSettled?: () => void }) {
  const site = useSiteState();
  const realtime = (site as { settings?: { realtime?: RealtimePublicConfig | null } } | undefined)?.settings?.realtime ?? null;
  const { notify } = useToast();
  const wallet = useWallet(null);
  const ladder = useMemo(() => stakeLadder(game.limits), [game.limits]);
  const [stake, setStake] = useState(() => nearestStake(ladder, 1_00));
  const [auto, setAuto] = useState('');
  const [live, setLive] = useState(false);
  const [shown, setShown] = useState(100);
  const offset = useRef(0);
  const client = useQueryClient();
  // The table is one query: an event asks again, dropping a read still on its way, so only the newest answer lands.
  // Without the realtime connection it is asked every second instead; it is forgotten when the screen closes.
  const { data: state = null } = useQuery({
    queryKey: queryKeys.crash,
    queryFn: readCrash,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchInterval: live ? false : 1_000,
  });
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: queryKeys.crash }), [client]);
  // The player's last settled bet stays on screen until they bet again, even once the next round has begun.
  const [lastSettled, setLastSettled] = useState<CrashState['my_bet']>(null);
  const keys = useMemo(() => createAttemptKeys(), []);
  // Told when the bet is settled, and again once its round has crashed (its crash point is then shown).
  const settledRoundOver = lastSettled !== null && (state?.history.some((past) => past.id === lastSettled.game_id) ?? false);
  const settledKey = lastSettled ? `${lastSettled.id}:${lastSettled.status}:${settledRoundOver}` : null;
  useEffect(() => {
    if (settledKey) onSettled?.();
  }, [settledKey, onSettled]);
  const money = (minor: number) => formatStake(minor, session.currency === 'FUN' ? (wallet?.currency ?? 'EUR') : session.currency);

  // Each answer sets the clock offset (before the animation below reads it) and keeps a settled bet on screen.
  useEffect(() => {
    if (!state) return;
    offset.current = new Date(state.server_time).getTime() - Date.now();
    if (state.my_bet && state.my_bet.status !== 'active') setLastSettled(state.my_bet);
  }, [state]);

  useEffect(() => {
    if (!realtime?.key) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../../lib/crash-channel.ts').then(({ connectCrashChannel }) => {
      if (cancelled) return;
      stop = connectCrashChannel(realtime, {
        onEvent: refresh,
        onLive: (now) => {
          setLive(now);
          document.documentElement.dataset.crash = now ? 'live' : 'offline';
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [realtime, refresh]);

  const current = state?.game ?? null;
  const running = current?.status === 'running' && current.started_at !== null;
  useEffect(() => {
    if (!running || !current?.started_at || !state) return;
    const started = new Date(current.started_at).getTime();
    let frame = 0;
    const draw = () => {
      const elapsed = Date.now() + offset.current - started;
      setShown(Math.floor(100 * Math.exp(state.growth * Math.max(0, elapsed)) + 1e-9));
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [running, current?.started_at, state]);

  const mine = state?.my_bet && state.my_bet.game_id === current?.id ? state.my_bet : null;
  const settled = mine && mine.status !== 'active' ? mine : lastSettled;
  const real = session.mode === 'real';

  // A bet or a cash-out: the answer's balance goes to the wallet, then the table is read again either way.
  const bet = useMutation({
    mutationFn: async (move: CrashMove) => {
      const headers = { 'Idempotency-Key': keys.keyFor(move) };
      const result =
        move.path === '/api/crash/bets' ? await callApi('POST', move.path, move.body, headers) : await callApi('POST', move.path, undefined, headers);
      keys.answered(result.status);
      return result;
    },
    onSuccess: (result, { path }) => {
      if (!result.ok) {
        notify(result.message, 'error');
        refresh();
        return;
      }
      playSound(path.endsWith('/cashout') ? 'cashout' : 'spin');
      if (wallet)
        applyWallet({
          ...wallet,
          balance: result.body.data.balance,
          cash: result.body.data.balance - wallet.bonus,
          withdrawable: result.body.data.balance - wallet.bonus,
        });
      refresh();
    },
  });
  const busy = bet.isPending;
  const send = (move: CrashMove) => bet.mutate(move);

  const autoValue = auto.trim() === '' ? null : Math.round(Number(auto) * 100);
  const phase = current?.status ?? 'waiting';
  const bigNumber = phase === 'running' ? times(shown) : phase === 'crashed' && current?.crash_point !== null && current ? times(current.crash_point) : null;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 lg:grid-cols-[1fr_18rem]">
      <section className="rounded-3xl border border-night-600 bg-[radial-gradient(120%_90%_at_50%_100%,#3b1d12,#0a0d18)] p-4 sm:p-6" aria-label="Crash round">
        <div className="flex items-center justify-between text-xs text-mist-400">
          <span data-testid="crash-round" data-chain-index={current?.chain_index}>
            {current ? `Round #${current.id}` : 'Waiting for the first round'}
          </span>
          <span>{live ? 'Live' : 'Updating every second'}</span>
        </div>
        <div className="relative">
          {state && current && (phase === 'running' || (phase === 'crashed' && current.crash_point !== null)) ? (
            <CrashCurve multiplier={phase === 'running' ? shown : (current.crash_point ?? 100)} growth={state.growth} crashed={phase === 'crashed'} />
          ) : null}
          <div
            role="status"
            aria-live="polite"
            className="relative flex min-h-48 flex-col items-center justify-center sm:min-h-64"
            data-testid="crash-phase"
            data-phase={phase}
          >
            {phase === 'betting' ? (
              <>
                <p className="font-display text-3xl font-bold text-mist-100 sm:text-4xl">Place your bets</p>
                <p className="mt-1 text-sm text-mist-300">The round starts in a moment.</p>
              </>
            ) : bigNumber ? (
              <>
                <p
                  className={`font-display text-6xl font-bold tabular-nums sm:text-7xl ${phase === 'crashed' ? 'text-ruby-500' : 'text-gold-300'}`}
                  data-testid="crash-multiplier"
                >
                  {bigNumber}
                </p>
                <p className="mt-1 text-sm text-mist-300">
                  {phase === 'crashed'
                    ? current?.interrupted
                      ? 'Crashed during a service interruption: stakes still in were returned.'
                      : 'Crashed'
                    : 'Rising…'}
                </p>
              </>
            ) : (
              <p className="text-mist-300">Connecting to the table…</p>
            )}
          </div>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="Last crash points">
          {state?.history.slice(0, 12).map((past) => (
            <li
              key={past.id}
              data-round={past.id}
              className={`rounded-full px-2 py-0.5 text-xs font-bold tabular-nums ${(past.crash_point ?? 0) >= 200 ? 'bg-emerald-500/20 text-emerald-300' : 'bg-night-700 text-mist-300'}`}
            >
              {times(past.crash_point ?? 100)}
            </li>
          ))}
        </ul>
      </section>
      <aside className="flex flex-col gap-3 rounded-3xl border border-night-600 bg-night-850 p-4" aria-label="Your bet">
        {!real ? (
          <p className="text-sm text-mist-300">Crash is one table for everyone, played in real money. Watch the rounds here, or switch to real money to bet.</p>
        ) : mine?.status === 'active' ? (
          <div className="space-y-2 text-center" data-testid="crash-my-bet" data-status={mine.status}>
            <p className="text-sm text-mist-300">
              Your bet: {money(mine.stake)}
              {mine.auto_cashout ? `, cash out at ${times(mine.auto_cashout)}` : ''}
            </p>
            <Button
              busy={busy}
              disabled={phase !== 'running'}
              onClick={() => send({ path: '/api/crash/cashout' })}
              className="w-full"
              data-testid="crash-cashout"
            >
              {phase === 'running'
                ? `Cash out ${money(Math.floor((mine.stake * Math.min(shown, mine.auto_cashout ?? shown)) / 100))}`
                : 'Waiting for the start'}
            </Button>
          </div>
        ) : (
          <>
            {settled ? (
              <div className="space-y-1 rounded-2xl bg-night-800 p-3 text-center" data-testid="crash-my-bet" data-status={settled.status}>
                <p className="text-xs text-mist-400">
                  {settled.game_id === current?.id ? 'Your bet this round' : `Your bet in round #${settled.game_id}`}: {money(settled.stake)}
                </p>
                <p className={`font-bold ${settled.status === 'cashed' ? 'text-gold-300' : 'text-mist-100'}`} data-testid="crash-bet-result">
                  {settled.status === 'cashed'
                    ? `Cashed out at ${times(settled.cashout ?? 100)}: ${lowerFirst(describeRoundResult({ stake: settled.stake, win: settled.win }, money).text)}`
                    : settled.status === 'refunded'
                      ? `Your ${money(settled.stake)} stake was returned`
                      : `You lost ${money(settled.stake)}`}
                </p>
              </div>
            ) : null}
            <StakePicker ladder={ladder} stake={stake} onChange={setStake} disabled={busy} format={money} />
            <label className="flex items-center justify-between gap-2 text-sm text-mist-300">
              Auto cash-out
              <input
                inputMode="decimal"
                placeholder="off"
                value={auto}
                onChange={(event) => setAuto(event.target.value)}
                className="w-24 rounded-md border border-night-600 bg-night-900 px-2 py-2 text-right text-mist-100"
                data-testid="crash-auto"
              />
            </label>
            <Button
              busy={busy}
              disabled={phase !== 'betting'}
              onClick={() => send({ path: '/api/crash/bets', body: { stake, auto_cashout: autoValue } })}
              data-testid="crash-bet"
            >
              {phase === 'betting' ? `Bet ${money(stake)}` : 'Bets open between rounds'}
            </Button>
          </>
        )}
        <h2 className="mt-2 text-xs font-semibold uppercase tracking-wide text-mist-400">Bets this round</h2>
        <ul className="max-h-64 space-y-1 overflow-y-auto text-sm" data-testid="crash-bets">
          {state?.bets.length ? (
            state.bets.map((bet) => (
              <li key={`${bet.player}-${bet.stake}`} className="flex justify-between gap-2 rounded-lg bg-night-800 px-2 py-1">
                <span className="truncate text-mist-300">{bet.player}</span>
                <span className={`tabular-nums ${bet.status === 'cashed' ? 'text-gold-300' : 'text-mist-100'}`}>
                  {bet.status === 'cashed' ? `${times(bet.cashout ?? 100)} · ${money(bet.win)}` : money(bet.stake)}
                </span>
              </li>
            ))
          ) : (
            <li className="text-mist-400">No bets yet.</li>
          )}
        </ul>
      </aside>
    </div>
  );
}
