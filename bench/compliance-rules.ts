// Compliance rules benchmark (issue 33 §2, decision 0114): each rule's decision time on a heavy player's history,
// and the whole evaluation of one event as the server runs it (insert the event, read the look-back window, run
// every rule, raise the hits) against the database. The issue asks for each rule's decision under 20 ms.
//   node bench/compliance-rules.ts                           (embedded PGlite)
//   DATABASE_URL=postgres://… node bench/compliance-rules.ts (that server; the schema is migrated first)
// BENCH_EVENTS (default 3000) events of history over 30 days; BENCH_RUNS (default 2000) decisions per rule.
import { openDatabase } from '../server/db/client.ts';
import { createAuditService } from '../server/modules/operators/audit.ts';
import { type EventKind, evaluateRules, historyNeeded, type RuleEvent, RULES } from '../server/modules/compliance/rules.ts';
import { createComplianceService } from '../server/modules/compliance/service.ts';

const historySize = Number(process.env.BENCH_EVENTS ?? 3000);
const runs = Number(process.env.BENCH_RUNS ?? 2000);
const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 27, 12);

// A deterministic mix: mostly play, then deposits, withdrawals, claims, sign-ins.
let seed = 33;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const KINDS: [EventKind, number][] = [
  ['play', 0.8],
  ['deposit', 0.08],
  ['withdrawal_request', 0.04],
  ['bonus_claim', 0.02],
  ['signin', 0.04],
  ['withdrawal_released', 0.01],
  ['limit_increase', 0.01],
];
function kindAt(r: number): EventKind {
  let sum = 0;
  for (const [kind, share] of KINDS) if (r < (sum += share)) return kind;
  return 'play';
}
const history: RuleEvent[] = Array.from({ length: historySize }, (_, i) => {
  const kind = kindAt(random());
  return {
    kind,
    amount: Math.floor(random() * 100_000),
    at: new Date(now - 30 * DAY + Math.floor((i / historySize) * 30 * DAY)),
    reference: `e${i}`,
    facts: { wins: Math.floor(random() * 50_000), staked_since_deposit: Math.floor(random() * 50_000), destination: `d${i % 4}`, offer: `o${i % 5}` },
  };
});

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(3)} ms`;

console.log(`Per-rule decision (${runs} each) on the newest 50 events of its kind, with the window the service reads from ${historySize} events over 30 days:`);
console.log('rule                    p50         p99');
// Each rule is asked about the newest events of the kinds it decides on, with the history the service reads for them.
const TRIGGERS: Record<string, EventKind> = {
  'velocity-withdrawals': 'withdrawal_request',
  'rapid-in-out': 'withdrawal_request',
  'new-destination': 'withdrawal_request',
  'large-stake': 'play',
  'large-win': 'play',
  'long-session': 'play',
  'night-play': 'play',
  'bonus-hunting': 'bonus_claim',
  'bonus-linked': 'bonus_claim',
  'limit-increases': 'limit_increase',
  'cancelled-withdrawals': 'withdrawal_released',
};
for (const rule of RULES) {
  const kind = TRIGGERS[rule.name] ?? 'deposit';
  const needed = historyNeeded(kind)!;
  const triggers = history
    .map((event, i) => ({ event, i }))
    .filter(({ event }) => event.kind === kind)
    .slice(-50);
  const read = triggers.map(({ event, i }) =>
    history.slice(0, i + 1).filter((e) => needed.kinds.includes(e.kind) && e.at.getTime() >= event.at.getTime() - needed.ms),
  );
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const n = i % triggers.length;
    const started = performance.now();
    evaluateRules({ playerId: 1, event: triggers[n]!.event, history: read[n]!, linkedClaims: [2] }, {}, [rule]);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${rule.name.padEnd(22)}  ${ms(quantile(times, 0.5)).padEnd(10)}  ${ms(quantile(times, 0.99))}`);
}

const database = await openDatabase(process.env.DATABASE_URL ? { driver: 'postgres', url: process.env.DATABASE_URL } : { driver: 'pglite', inMemory: true });
const compliance = createComplianceService({ db: database.db, audit: createAuditService({ db: database.db }) });
for (const event of history) await compliance.record(1, { ...event, at: event.at });
const whole: number[] = [];
const evaluations = Math.min(runs, 300);
for (let i = 0; i < evaluations; i++) {
  const started = performance.now();
  await compliance.record(1, {
    kind: i % 3 === 0 ? 'deposit' : 'play',
    amount: 95_000,
    reference: `bench-${i}`,
    at: new Date(now + i * 1000),
    facts: { wins: 0 },
  });
  whole.push(performance.now() - started);
}
whole.sort((a, b) => a - b);
console.log(`\nWhole evaluation of one event with the database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${evaluations} events):`);
console.log(`p50 ${ms(quantile(whole, 0.5))}, p99 ${ms(quantile(whole, 0.99))}`);
await database.close();
process.exit(0);
