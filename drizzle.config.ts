import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/modules/*/schema.ts',
  out: './server/db/migrations',
});
