// Summarises a V8 CPU profile (`node --cpu-prof`, or DevTools' .cpuprofile): the functions that took the most time
// themselves, then the most time with what they called (each function counted once per stack), as shares of the
// profile. Usage: node bench/support/cpu-profile.ts <file.cpuprofile> [rows] [only functions matching this regexp]
// A wall-clock profile: time the process spent waiting for the CPU shows up in whatever was on the stack (often the
// socket write), so on a busy machine read the shares beside `perf` or the CPU per request of bench:http.
import { readFileSync } from 'node:fs';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, rows = '30', only] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/support/cpu-profile.ts <file.cpuprofile> [rows] [regexp]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const root = new URL('../..', import.meta.url).href;
const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${url.replace(root, '').replace(/^node_modules\//, '~')}:${lineNumber + 1}`;

const timeOf = new Map<number, number>();
profile.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...timeOf.values()].reduce((sum, time) => sum + time, 0);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, time] of timeOf) {
  const name = nameOf(byId.get(id)!);
  self.set(name, (self.get(name) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const caller = nameOf(byId.get(at)!);
    if (seen.has(caller)) continue;
    seen.add(caller);
    inclusive.set(caller, (inclusive.get(caller) ?? 0) + time);
  }
}

const filter = only ? new RegExp(only) : undefined;
const print = (title: string, times: Map<string, number>) => {
  console.log(`\n${title}`);
  const top = [...times].filter(([name]) => !filter || filter.test(name)).sort((a, b) => b[1] - a[1]);
  for (const [name, time] of top.slice(0, Number(rows))) console.log(`${((100 * time) / total).toFixed(2).padStart(6)} %  ${name}`);
};
console.log(`${(total / 1e6).toFixed(2)} s sampled`);
print('self time', self);
print('with callees', inclusive);
