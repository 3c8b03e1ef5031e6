import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { GameDetail } from '../../../../contract/games.ts';
import type { GameRound, PlayedRound } from '../rounds.ts';
import { DEMO_CURRENCY, type RoundMode } from '../../../../contract/games.rules.ts';
import type { Wallet } from '../../../../contract/wallet.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { callApi, type ApiResult } from '../../../lib/api.ts';
import { announceLimitNotice, isLimitRefusal } from '../../../lib/limit-notices.ts';
import { queryKeys } from '../../../lib/queries.ts';
import { applyWallet, refreshWallet, useWallet } from '../../../lib/use-wallet.ts';
import { createRoundApi, type MoveBody, type RoundBody } from './round-api.ts';

const RECENT_ROUNDS = 10;
const noRounds: GameRound[] = [];

export type PlaySession = {
  mode: RoundMode;
  currency: string;
  /** What the balance shows: during a round the stake is already off and the win not yet on. */
  balance: number | null;
  /** Starts a round; null when it was refused (the player has been told why). */
  play(body: RoundBody, stake: number): Promise<PlayedRound | null>;
  /** A blackjack or mines move; `extra` is what it stakes on top (a double or a split). */
  move(roundId: string, action: MoveBody['action'] | MoveBody, extra: number): Promise<PlayedRound | null>;
  /**
   * The animation has shown the round: its balance and its line in recent rounds may appear now. `freeSpin`: a
   * bonus's free spin, whose win went to the bonus balance (cash did not move).
   */
  reveal(round: PlayedRound, freeSpin?: boolean): void;
  rounds: GameRound[];
  resetDemo(): Promise<void>;
};

/**
 * A game's money and history on the play page. The outcome is the server's; the page only decides when to
 * show it, so the balance is held at "before minus stake" until the animation has landed. Real balances come
 * from the shared wallet store (header, realtime BalanceUpdated); demo balances from the demo session.
 */
export function usePlaySession(game: GameDetail, mode: RoundMode, loadedWallet: Wallet | null): PlaySession {
  const wallet = useWallet(loadedWallet);
  // The store's latest wallet when an animation ends, not the one of the render that started the round.
  const latestWallet = useRef(wallet);
  latestWallet.current = wallet;
  const { notify } = useToast();
  const revalidator = useRevalidator();
  const client = useQueryClient();
  const [held, setHeld] = useState<number | null>(null);
  // The demo balance and the recent rounds are read when the page opens (each for its mode) and forgotten when it
  // closes; a round's answer updates them in the cache.
  const demoKey = queryKeys.demoBalance;
  const roundsKey = useMemo(() => queryKeys.recentRounds(game.slug), [game.slug]);
  const { data: demoBalance = null } = useQuery({
    queryKey: demoKey,
    queryFn: async () => {
      const result = await callApi('GET', '/api/demo/wallet');
      if (!result.ok) throw new Error(result.message);
      return result.body.data.balance;
    },
    enabled: mode === 'demo',
    refetchOnMount: 'always',
    gcTime: 0,
  });
  const { data: rounds = noRounds } = useQuery({
    queryKey: roundsKey,
    queryFn: async () => {
      const query = new URLSearchParams({ game: game.slug, per_page: String(RECENT_ROUNDS) });
      const result = await callApi('GET', `/api/player/rounds?${query}`);
      if (!result.ok) throw new Error(result.message);
      return result.body.data;
    },
    enabled: mode === 'real',
    refetchOnMount: 'always',
    gcTime: 0,
  });
  const setDemoBalance = useCallback((value: number) => client.setQueryData(demoKey, value), [client, demoKey]);
  const api = useMemo(() => createRoundApi(game.slug, mode), [game.slug, mode]);
  const live = mode === 'real' ? (wallet?.balance ?? null) : demoBalance;
  const balance = held ?? live;

  const answer = useCallback(
    (result: ApiResult<{ data: PlayedRound }>): PlayedRound | null => {
      if (result.ok) return result.body.data;
      setHeld(null);
      notify(result.message, 'error');
      // A due reality check or a reached session limit: the limits watch shows its dialog over the game.
      if (isLimitRefusal(result.status, result.type)) announceLimitNotice();
      // The account changed under the page (blocked, signed out): the loader's guards show the right screen.
      if ([401, 403, 423].includes(result.status)) void revalidator.revalidate();
      return null;
    },
    [notify, revalidator],
  );

  const play = useCallback(
    async (body: RoundBody, stake: number) => {
      if (balance !== null) setHeld(balance - stake);
      return answer(await api.play(body));
    },
    [answer, api, balance],
  );

  const move = useCallback(
    async (roundId: string, action: MoveBody['action'] | MoveBody, extra: number) => {
      if (balance !== null && extra > 0) setHeld(balance - extra);
      return answer(await api.move(roundId, typeof action === 'string' ? { action } : action));
    },
    [answer, api, balance],
  );

  const reveal = useCallback(
    (round: PlayedRound, freeSpin = false) => {
      client.setQueryData<GameRound[]>(roundsKey, (list) =>
        [round, ...(list ?? noRounds).filter((other) => other.round_id !== round.round_id)].slice(0, RECENT_ROUNDS),
      );
      if (mode === 'demo') {
        setDemoBalance(round.balance);
        setHeld(null);
        return;
      }
      // The round's answer carries the balance after it: the shared store (header, wallet pages) takes it from
      // there, no wallet request. A round moves only cash; the realtime BalanceUpdated brings the rest.
      const wallet = latestWallet.current;
      if (wallet && freeSpin) {
        applyWallet({ ...wallet, balance: round.balance, bonus: round.balance - wallet.cash });
        setHeld(null);
      } else if (wallet) {
        const cash = round.balance - wallet.bonus;
        applyWallet({ ...wallet, balance: round.balance, cash, withdrawable: cash });
        setHeld(null);
      } else {
        setHeld(round.balance);
        void refreshWallet().finally(() => setHeld(null));
      }
    },
    [client, mode, roundsKey, setDemoBalance],
  );

  const resetDemo = useCallback(async () => {
    const result = await callApi('POST', '/api/demo/wallet/reset');
    if (result.ok) setDemoBalance(result.body.data.balance);
    else notify(result.message, 'error');
  }, [notify, setDemoBalance]);

  return { mode, currency: mode === 'demo' ? DEMO_CURRENCY : (wallet?.currency ?? 'EUR'), balance, play, move, reveal, rounds, resetDemo };
}
