// Blackjack RTP under basic strategy (docs/decisions/0040-games-maths.md): plays BLACKJACK_ROUNDS rounds
// (default 10^7) through the real engine (startHandFromShoe, applyAction, basicStrategy) on worker threads
// (BLACKJACK_WORKERS, default 2) and prints the RTP with a 95% confidence interval.
//
// Each round deals from a fresh uniformly shuffled six-deck shoe, as the game does. A full 311-float
// shuffle per round would dominate the run, so each round draws a uniformly random 64-card prefix (a
// partial Fisher–Yates from the front): a round never deals more than 63 cards (at most 21 cards to each
// of two split hands and the dealer), so the cards dealt have exactly the game's distribution. Floats come
// from the seeded simulation generator, not the fair RNG; BLACKJACK_SEED changes the streams.

import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { applyAction, startHandFromShoe } from '../games/blackjack/engine.ts';
import { orderedShoe } from '../games/blackjack/shoe.ts';
import { basicStrategy } from '../games/blackjack/strategy.ts';
import { simulationFloats } from '../games/simulation-prng.ts';

const PREFIX = 64;
const STAKE = 100;

type Sums = { rounds: number; win: number; staked: number; win2: number; staked2: number; winStaked: number };

function simulate(rounds: number, seed: number): Sums {
  const next = simulationFloats(seed);
  const shoe = orderedShoe();
  const sums: Sums = { rounds, win: 0, staked: 0, win2: 0, staked2: 0, winStaked: 0 };
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < PREFIX; i++) {
      const j = i + Math.floor(next() * (shoe.length - i));
      [shoe[i], shoe[j]] = [shoe[j]!, shoe[i]!];
    }
    let state = startHandFromShoe({ stake: STAKE, shoe: shoe.slice(0, PREFIX) });
    while (state.phase === 'player') {
      state = applyAction(state, basicStrategy(state.hands[state.active]!.cards, state.dealer[0]!, state.actions));
    }
    const win = state.settlement!.win / STAKE;
    const staked = state.settlement!.totalStake / STAKE;
    sums.win += win;
    sums.staked += staked;
    sums.win2 += win * win;
    sums.staked2 += staked * staked;
    sums.winStaked += win * staked;
  }
  return sums;
}

if (isMainThread) {
  const rounds = Number(process.env.BLACKJACK_ROUNDS ?? 10_000_000);
  const workers = Math.max(1, Number(process.env.BLACKJACK_WORKERS ?? Math.min(2, availableParallelism())));
  const seed = Number(process.env.BLACKJACK_SEED ?? 20_400);
  const started = performance.now();
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, worker) => {
      const share = Math.floor(rounds / workers) + (worker < rounds % workers ? 1 : 0);
      return new Promise<Sums>((resolve, reject) => {
        const thread = new Worker(new URL(import.meta.url), { workerData: { rounds: share, seed: seed + worker * 7919 } });
        thread.once('message', resolve);
        thread.once('error', reject);
      });
    }),
  );
  const total = parts.reduce((a, b) => ({
    rounds: a.rounds + b.rounds,
    win: a.win + b.win,
    staked: a.staked + b.staked,
    win2: a.win2 + b.win2,
    staked2: a.staked2 + b.staked2,
    winStaked: a.winStaked + b.winStaked,
  }));
  const n = total.rounds;
  const meanWin = total.win / n;
  const meanStaked = total.staked / n;
  // RTP = total won / total staked is a ratio of means; its standard error by the delta method.
  const rtp = meanWin / meanStaked;
  const residualVariance = (total.win2 - 2 * rtp * total.winStaked + rtp * rtp * total.staked2) / n - (meanWin - rtp * meanStaked) ** 2;
  const rtpError = Math.sqrt(residualVariance / n) / meanStaked;
  // Per first stake (the usual "house edge" convention): mean of win − staked per round, in first stakes.
  const net = meanWin - meanStaked;
  const netVariance = (total.win2 - 2 * total.winStaked + total.staked2) / n - net ** 2;
  const netError = Math.sqrt(netVariance / n);
  const pct = (x: number) => (x * 100).toFixed(3);
  console.log(
    `blackjack basic strategy, ${n.toLocaleString('en')} rounds on ${workers} workers, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`RTP (won / staked incl. doubles and splits): ${pct(rtp)}%  95% CI [${pct(rtp - 1.96 * rtpError)}%, ${pct(rtp + 1.96 * rtpError)}%]`);
  console.log(`player return per first stake: ${pct(net)}%  95% CI [${pct(net - 1.96 * netError)}%, ${pct(net + 1.96 * netError)}%]`);
  console.log(`average staked per round: ${meanStaked.toFixed(4)} first stakes`);
} else {
  const { rounds, seed } = workerData as { rounds: number; seed: number };
  parentPort!.postMessage(simulate(rounds, seed));
}
