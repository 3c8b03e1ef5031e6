// What the load benches share: closed or paced loops with their latencies, bare ledger bets as the same-run
// baseline, and a throwaway PostgreSQL database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LedgerService } from '../../server/modules/ledger/service.ts';

export type Rate = { rps: number; p50: number; p99: number; errors: number };

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `step` in `loops` concurrent loops for `seconds`: completed steps per second and their latencies. Each loop starts
 * its next step as soon as the last one answered, or, with `paceMs`, no sooner than `paceMs` after the last one
 * started (a player who plays every `paceMs`; the loops start spread over the first `paceMs`). A step may report
 * several latencies (a bet and its win): each counts as one completed call.
 */
export async function measure(
  { loops, seconds, paceMs = 0 }: { loops: number; seconds: number; paceMs?: number },
  step: (loop: number) => Promise<boolean | number[]>,
): Promise<Rate> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      let next = started + (paceMs * loop) / loops;
      while (performance.now() < deadline) {
        if (paceMs > 0) await until(next);
        const t0 = performance.now();
        next = t0 + paceMs;
        const outcome = await step(loop);
        if (outcome === true) latencies.push(performance.now() - t0);
        else if (outcome === false) errors++;
        else latencies.push(...outcome);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

/**
 * Bet transfers alone, the ledger's part of a round: from each loop's own funded cash account to its player's shard
 * of the house's `house` account (decision 0091), as a round bets; or, `oneHouseAccount`, all to shard 0.
 */
export async function ledgerBets(
  ledger: LedgerService,
  playerIds: number[],
  { seconds, oneHouseAccount = false }: { seconds: number; oneHouseAccount?: boolean },
): Promise<() => Promise<Rate>> {
  const cash: number[] = [];
  const house: number[] = [];
  for (const id of playerIds) {
    cash.push((await ledger.ensurePlayerAccounts(id, 'EUR')).cash.id);
    house.push(oneHouseAccount ? (await ledger.houseAccount('game', 'EUR')).id : await ledger.houseGameAccountId(id, 'EUR'));
  }
  const run = randomBytes(4).toString('hex');
  let n = 0;
  return () =>
    measure({ loops: playerIds.length, seconds }, async (loop) => {
      await ledger.transfer({
        idempotencyKey: `bench-bet:${run}:${n++}`,
        type: 'bet',
        entries: [
          { accountId: cash[loop]!, amount: -10 },
          { accountId: house[loop]!, amount: 10 },
        ],
      });
      return true;
    });
}

/** A new database on the PostgreSQL server at `serverUrl`, dropped by `drop()`; its URL. */
export async function throwawayDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** One result line: rate, p50, p99, errors. */
export const rateRow = (name: string, r: Rate, width = 44) =>
  console.log(
    `${name.padEnd(width)} ${r.rps.toFixed(1).padStart(8)} /s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}`,
  );
