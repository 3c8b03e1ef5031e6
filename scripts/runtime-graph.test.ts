import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, mermaid, runtimeGraph, withGraph } from './runtime-graph.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');

describe('the runtime graph', () => {
  it('reads who is handed whom from the composition root', () => {
    const graph = runtimeGraph(
      'export function createServices() {\n  const ledger = createLedgerService({ db });\n  const limits = createLimitsService({ db });\n  const games = createGamesService({\n    ledger,\n    guardStake: limits.guardStake,\n  });\n}\n',
    );
    expect(graph.services).toEqual(['ledger', 'limits', 'games']);
    expect(graph.edges).toEqual([
      ['games', 'ledger'],
      ['games', 'limits'],
    ]);
  });

  it('finds a cycle made by a late-bound closure', () => {
    const graph = runtimeGraph(
      'export function createServices() {\n  const games = createGames({ guard: (id) => limits.check(id) });\n  const limits = createLimits({ totals: games.totals });\n}\n',
    );
    expect(cycles(graph)).toEqual([['games', 'limits']]);
  });

  it('of server/services.ts has no cycle', () => {
    expect(cycles(runtimeGraph(read('server/services.ts')))).toEqual([]);
  });

  it('is drawn in docs/architecture.md as the code builds it (node scripts/runtime-graph.ts --write)', () => {
    const document = read('docs/architecture.md');
    expect(withGraph(document, mermaid(runtimeGraph(read('server/services.ts'))))).toBe(document);
  });
});
