import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, eventEdges, graphOf, mermaid, publishersOf, runtimeGraph, withGraph } from './runtime-graph.ts';

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

  it('reads a stage whose signature spans lines, and names from an earlier stage', () => {
    const graph = runtimeGraph(
      'export function platformServices({\n  config,\n}: {\n  config: Config;\n}) {\n  const ledger = createLedgerService({ config });\n  return { ledger };\n}\n',
      'export function moneyServices(platform: PlatformServices) {\n  const { ledger } = platform;\n  const games = createGamesService({ ledger });\n  return { games };\n}\n',
    );
    expect(graph.services).toEqual(['ledger', 'games']);
    expect(graph.edges).toEqual([['games', 'ledger']]);
  });

  it('draws each subscription from the module that declares the event to the service that listens', () => {
    const publishers = publishersOf([
      { module: 'limits', text: 'export type LimitsEvents = {\n  /** doc */\n  PlayerExcluded: { playerId: number };\n};\n' },
      { module: 'other', text: 'export type OtherEvents = {\n  Unheard: { id: number };\n};\n' },
    ]);
    const subscriptions =
      "bus.on('PlayerExcluded', ({ playerId }) => l.accounts.stopMarketing(playerId));\nbus.on('PlayerExcluded', (e) => l.bonuses.forfeitAll(e.playerId, 'excluded'));\n";
    expect(eventEdges(subscriptions, publishers)).toEqual([
      { from: 'limits', event: 'PlayerExcluded', listener: 'accounts' },
      { from: 'limits', event: 'PlayerExcluded', listener: 'bonuses' },
    ]);
  });

  it('of this checkout has no construction cycle, and every subscribed event has a publisher', () => {
    const graph = graphOf(root);
    expect(graph.services.length).toBeGreaterThan(30);
    expect(cycles(graph)).toEqual([]);
    expect(graph.events?.filter((edge) => edge.from === '?')).toEqual([]);
    expect(graph.events?.length).toBeGreaterThan(10);
    // And every declared event is heard by someone: an event no one listens to is dead code.
    const modules = readdirSync(`${root}server/modules`).filter((module) => existsSync(`${root}server/modules/${module}/events.ts`));
    const declared = publishersOf(modules.map((module) => ({ module, text: read(`server/modules/${module}/events.ts`) })));
    expect(declared.size).toBeGreaterThan(8);
    expect([...declared.keys()].filter((event) => !graph.events?.some((edge) => edge.event === event))).toEqual([]);
  });

  it('is drawn in docs/architecture.md as the code builds it (node scripts/runtime-graph.ts --write)', () => {
    const document = read('docs/architecture.md');
    expect(withGraph(document, mermaid(graphOf(root)))).toBe(document);
  });
});
