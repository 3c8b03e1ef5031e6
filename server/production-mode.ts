// Imported first by server/main.ts, before anything that loads React: React chooses its development or production
// build from NODE_ENV when it is first loaded, and the development one (prop checks, owner stacks, warnings) made
// every server render several times slower. Serving the production build means production React unless NODE_ENV says
// otherwise; `--dev` (Vite's hot reload) keeps development React.
if (!process.argv.includes('--dev') && process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';
