import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// Every page loads the client entry and the root route, so what they import statically (React, React Router and
// the site's shell) goes into one chunk, `shell`. Left to itself the bundler cut it into some thirty chunks, one per
// set of routes sharing a module, each a request of its own before the first paint (docs/decisions/0005-speed.md).
const shellModules = new Set<string>();
const shellChunk: Plugin = {
  name: 'croupier:shell-chunk',
  apply: 'build',
  buildStart() {
    shellModules.clear();
  },
  buildEnd() {
    if (this.environment.name !== 'client') return;
    const entries = [...this.getModuleIds()].filter((id) => /[\\/]app[\\/](root\.tsx\?__react-router-build-client-route|entry\.client\.tsx)$/.test(id));
    const pending = [...entries];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
        if (!shellModules.has(imported)) {
          shellModules.add(imported);
          pending.push(imported);
        }
      }
    }
    for (const id of entries) shellModules.delete(id);
  },
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shellChunk],
  build: {
    assetsInlineLimit: 2048,
    // Only the client build fills `shellModules`; the server build finds it empty and is split as before.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: (id) => shellModules.has(id) }] } } },
  },
});
