/** Import rules of docs/architecture.md ("Layers and folders"), checked by `npm run lint`. See docs/decisions/0029. */

// The contract modules that build zod schemas (decision 0027). Each keeps its plain values and pure functions in a
// `<name>.rules.ts` beside it, which it re-exports, and which the browser imports instead (decision 0095). A new file
// with schemas is added here, or `zod-only-in-schema-modules` fails on it.
const SCHEMA_MODULES = '^contract/(accounts|affiliates|bonuses|chain|clubs|compliance|content|crash|games|http|jobs|jurisdictions-admin|limits|messages|operators|payments-admin|providers|regulator|reports|screening|signins|site|verification|wallet)\\.ts$';
const ZOD = '^node_modules/zod/';

module.exports = {
  forbidden: [
    {
      name: 'contract-imports-only-contract',
      comment: 'contract/ is shared by site and server: it imports packages and other contract/ files, nothing else of ours.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract|node_modules)/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'games-import-only-games',
      comment: 'games/ holds pure engines: it imports packages and other games/ files, nothing else of ours.',
      severity: 'error',
      from: { path: '^games/' },
      to: { pathNot: '^(games|node_modules)/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'aggregator-is-a-separate-program',
      comment:
        'aggregator/ is the Hub88 reference aggregator, a program of its own (aggregator/README.md): it speaks to the site only over HTTP, so it imports nothing of server/, app/ or contract/, and they import nothing of it.',
      severity: 'error',
      from: { path: '^aggregator/' },
      to: { path: '^(server|app|contract)/' },
    },
    {
      name: 'nothing-imports-the-aggregator',
      comment:
        'See aggregator-is-a-separate-program. scripts/ may launch it (scripts/reference-aggregator.ts starts aggregator/main.ts as a child process), and tests may start it in-process (startAggregator) to drive the site through the real protocol.',
      severity: 'error',
      from: { path: '^(server|app|contract)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^aggregator/' },
    },
    {
      name: 'features-do-not-import-each-other',
      comment: 'app/features/X imports itself, app/components, app/lib, contract and games; shared state goes to app/lib, shared UI to app/components.',
      severity: 'error',
      from: { path: '^app/features/([^/]+)/' },
      to: { path: '^app/features/', pathNot: '^app/features/$1/' },
    },
    {
      name: 'features-do-not-import-screens',
      comment: 'Routes and layouts compose features, not the other way round.',
      severity: 'error',
      from: { path: '^app/(features|components|lib)/' },
      to: { path: '^app/(routes|layouts)/|^app/root\\.tsx$|^app/routes\\.ts$' },
    },
    {
      name: 'shared-app-code-does-not-import-features',
      comment: 'app/components and app/lib are shared: they may not depend on one feature.',
      severity: 'error',
      from: { path: '^app/(components|lib)/' },
      to: { path: '^app/features/' },
    },
    {
      name: 'app-imports-server-only-from-server-files',
      comment: 'Only *.server.ts(x) files in app/ run on the server alone; everything else is bundled for the browser.',
      severity: 'error',
      from: { path: '^app/', pathNot: '\\.server\\.tsx?$' },
      to: { path: '^server/' },
    },
    {
      name: 'app-code-does-not-import-zod',
      comment:
        "What app/ bundles for the browser may not import zod, directly or through a contract schema module: ~27 KB gzip on every page. Import the module's .rules.ts for values, `import type` for types; validate on the server. Tests are never bundled.",
      severity: 'error',
      from: { path: '^app/', pathNot: ['\\.server\\.tsx?$', '\\.test\\.tsx?$'] },
      to: { path: [ZOD, SCHEMA_MODULES], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'zod-only-in-schema-modules',
      comment: 'The other contract/ files are what the browser may import: zod, or a schema module, would reach the bundles through them.',
      severity: 'error',
      from: { path: '^contract/', pathNot: [SCHEMA_MODULES, '\\.test\\.ts$'] },
      to: { path: [ZOD, SCHEMA_MODULES], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'modules-do-not-import-other-modules-routes',
      comment: "A module calls another module's services; its HTTP door (routes.ts) is its own.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/routes\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'modules-do-not-import-other-modules-tables',
      comment: "A module owns its tables: only its own schema.ts may name another module's table, for a foreign key.",
      severity: 'error',
      // Tests and their kits (`testing.ts`) may read any table to check an outcome; they are not the module's code.
      from: {
        path: '^server/modules/([^/]+)/',
        pathNot: ['^server/modules/[^/]+/(schema|testing)\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: '^server/modules/[^/]+/schema\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves; an import the cruiser cannot follow would slip past the rules above.',
      severity: 'error',
      from: {},
      // ./+types/* are React Router's generated route types (`react-router typegen`, found through tsconfig rootDirs).
      to: { couldNotResolve: true, pathNot: '^\\./\\+types/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and hide layering mistakes.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    parser: 'swc',
    // Packages are not cruised (doNotFollow keeps their files out too) but stay in the graph as the end of an import,
    // so a rule can name one: `app-code-does-not-import-zod`.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.git|build|\\.react-router|data|test-results|playwright-report)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
