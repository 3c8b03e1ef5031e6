import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameDetail, GameInfo } from '../../../../contract/games.ts';
import type { PlayedRound } from '../rounds.ts';
import { describeRoundResult } from '../../../../contract/round-result.ts';
import { Button } from '../../../components/ui/button.tsx';
import { outcomeOf } from './round-outcome.ts';
import { formatStake } from './money.ts';
import { winningCells } from './slot-outcome.ts';
import { SlotReels, type ReelState } from './slot-reels.tsx';
import type { SymbolArt } from './slot-symbol.tsx';
import { StakePicker } from './stake-picker.tsx';
import { stakeLadder } from './stakes.ts';
import { capLadder } from '../../../lib/limit-notices.ts';
import { useSlotStakeCap } from '../../../lib/use-slot-stake-cap.ts';
import type { PlaySession } from './use-play-session.ts';
import { FreeSpinsPanel } from './free-spins-panel.tsx';
import { useFreeSpins } from './use-free-spins.ts';

type SlotInfo = Extract<GameInfo, { kind: 'slot' }>;

// UK Gambling Commission RTS 14: a spin lasts at least 2.5 s. Reels stop left to right from 1.7 s; the last at
// 2.9 s, or later when the server answers late, and the result shows after the last reel has landed.
const FIRST_STOP_MS = 1_700;
const STOP_GAP_MS = 300;
const RESULT_PAUSE_MS = 350;

export function SlotGame({ game, session }: { game: GameDetail; session: PlaySession }) {
  const info = game.info as SlotInfo;
  const art = useMemo(() => {
    const map = new Map<string, { art: SymbolArt; index: number }>();
    let pays = 0;
    for (const entry of info.paytable) map.set(entry.symbol, { art: entry, index: entry.kind === 'pay' ? pays++ : 0 });
    return map;
  }, [info.paytable]);
  const scatter = info.paytable.find((entry) => entry.kind === 'scatter')?.symbol;
  // The player's per-spin cap (lower for ages 18 to 24): the picker never offers more.
  const cap = useSlotStakeCap(session.mode === 'real');
  const ladder = useMemo(() => capLadder(stakeLadder(game.limits), cap), [game.limits, cap]);
  const [stake, setStake] = useState(ladder[0] ?? game.limits.min_stake);
  useEffect(() => {
    if (!ladder.includes(stake)) setStake(ladder.filter((rung) => rung <= stake).at(-1) ?? ladder[0] ?? stake);
  }, [ladder, stake]);
  // A claimed bonus's free spins on this slot are played first, at the bonus's stake, paid by the house.
  const free = useFreeSpins(game.slug, session.mode === 'real');
  const [freeInFlight, setFreeInFlight] = useState(false);
  const freeLeft = Math.max(0, free.left - (freeInFlight ? 1 : 0));
  const freeNext = session.mode === 'real' && free.bonus !== null && free.left > 0;
  const [reels, setReels] = useState<ReelState[]>(() => restingReels([...art.keys()]));
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<PlayedRound | null>(null);
  const [shownFree, setShownFree] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  const money = (minor: number) => formatStake(minor, session.currency);

  async function spin() {
    const startedAt = performance.now();
    setSpinning(true);
    setShown(null);
    setReels((current) => current.map((reel) => ({ ...reel, spinning: true })));
    const isFree = freeNext && free.bonus !== null;
    if (isFree) setFreeInFlight(true);
    const played = isFree ? await session.play({ stake: free.bonus!.free_spin_stake, free_spin: true }, 0) : await session.play({ stake }, stake);
    if (!played) {
      if (isFree) void free.refresh().finally(() => setFreeInFlight(false));
      setReels((current) => current.map((reel) => ({ ...reel, spinning: false })));
      setSpinning(false);
      return;
    }
    const grid = outcomeOf(played, 'slot').base.grid;
    const elapsed = performance.now() - startedAt;
    let last = 0;
    grid.forEach((column, i) => {
      const delay = Math.max(FIRST_STOP_MS + i * STOP_GAP_MS - elapsed, (i + 1) * STOP_GAP_MS);
      last = Math.max(last, delay);
      timers.current.push(
        window.setTimeout(() => setReels((current) => current.map((reel, r) => (r === i ? { symbols: column, spinning: false } : reel))), delay),
      );
    });
    timers.current.push(
      window.setTimeout(() => {
        setSpinning(false);
        setShown(played);
        setShownFree(isFree);
        session.reveal(played, isFree);
        // The bonus as the round left it: spins left, the win in the bonus balance, the wagering it brought.
        if (isFree) void free.refresh().finally(() => setFreeInFlight(false));
      }, last + RESULT_PAUSE_MS),
    );
  }

  const outcome = useMemo(() => (shown ? outcomeOf(shown, 'slot') : null), [shown]);
  const winning = outcome ? winningCells(outcome.base, info.paylines, scatter) : new Set<string>();
  const winLines = useMemo(
    () =>
      (outcome?.base.lineWins ?? []).flatMap((win) => {
        const rows = info.paylines[win.line - 1];
        return rows ? [{ line: win.line, rows, count: win.count }] : [];
      }),
    [outcome, info.paylines],
  );
  // A free spin cost the player nothing: its result is what it won, and where that went.
  const result = !shown
    ? null
    : shownFree
      ? shown.win > 0
        ? { kind: 'win' as const, text: `Free spin won ${money(shown.win)}: added to your bonus balance` }
        : { kind: 'loss' as const, text: 'No win on this free spin' }
      : describeRoundResult(shown, money);
  const freeTotal = outcome?.freeSpins.reduce((sum, free) => sum + free.total, 0) ?? 0;
  const symbolName = (id: string) => art.get(id)?.art.name ?? id;
  const wild = info.paytable.find((entry) => entry.kind === 'wild');
  return (
    <div
      className="mx-auto w-full max-w-3xl rounded-card border border-white/10 p-3 sm:p-5"
      style={{ background: `radial-gradient(120% 90% at 50% 0%, ${wild?.colour ?? '#f7c14b'}33, transparent 60%), linear-gradient(180deg, #151a28, #06070c)` }}
    >
      {free.bonus && (freeLeft > 0 || freeInFlight || free.bonus.free_spins_left === 0) ? (
        <FreeSpinsPanel bonus={free.bonus} left={freeLeft} format={money} />
      ) : null}
      <SlotReels reels={reels} art={art} winning={winning} lines={winLines} />
      <div role="status" aria-live="polite" className="mt-3 min-h-16 text-center" data-testid="round-result">
        {shown && outcome ? (
          <>
            <p className={`text-xl font-bold ${result?.kind === 'win' ? 'text-gold-300' : 'text-mist-300'}`}>{result?.text}</p>
            {outcome.base.lineWins.length || outcome.base.scatter.amount ? (
              <ul className="mt-1 flex flex-wrap justify-center gap-x-3 gap-y-0.5 text-sm text-mist-300">
                {outcome.base.lineWins.map((win) => (
                  <li key={win.line}>
                    Line {win.line}: {win.count} × {symbolName(win.symbol)} <span className="text-mist-100">{money(win.amount)}</span>
                  </li>
                ))}
                {outcome.base.scatter.amount ? (
                  <li>
                    {outcome.base.scatter.count} × {scatter ? symbolName(scatter) : 'scatter'}{' '}
                    <span className="text-mist-100">{money(outcome.base.scatter.amount)}</span>
                  </li>
                ) : null}
              </ul>
            ) : null}
            {outcome.freeSpins.length ? (
              <div className="mx-auto mt-2 max-w-md rounded-lg border border-gold-500/40 bg-gold-400/10 p-2 text-sm" data-testid="free-spins">
                <p className="font-semibold text-gold-300">
                  {outcome.freeSpins.length} free spins played at ×{info.free_spins.multiplier}: {money(freeTotal)}
                </p>
                <p className="mt-1 flex flex-wrap justify-center gap-1 text-xs text-mist-300">
                  {outcome.freeSpins.map((free, i) => (
                    <span key={i} className={`rounded px-1.5 py-0.5 ${free.total ? 'bg-gold-400/20 text-gold-300' : 'bg-night-700'}`}>
                      {free.total ? money(free.total) : '–'}
                    </span>
                  ))}
                </p>
              </div>
            ) : null}
          </>
        ) : (
          <p className="pt-2 text-mist-400">
            {spinning
              ? 'Good luck…'
              : `${info.lines} lines · 3 or more ${scatter ? symbolName(scatter) : 'scatters'} start ${info.free_spins.award} free spins`}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {freeNext && free.bonus ? (
          <StakePicker ladder={ladder} stake={free.bonus.free_spin_stake} onChange={setStake} disabled format={money} note="free spin, on us" />
        ) : (
          <StakePicker ladder={ladder} stake={stake} onChange={setStake} disabled={spinning} format={money} note={`${money(stake / info.lines)} a line`} />
        )}
        <Button busy={spinning} onClick={() => void spin()} className="min-w-36 text-lg">
          {freeNext ? 'Free spin' : 'Spin'}
        </Button>
      </div>
    </div>
  );
}

/** A still grid before the first spin: the title's symbols in turn, a different start on each reel. */
function restingReels(symbols: string[]): ReelState[] {
  return Array.from({ length: 5 }, (_, reel) => ({ spinning: false, symbols: [0, 1, 2].map((row) => symbols[(reel * 2 + row) % symbols.length]!) }));
}
