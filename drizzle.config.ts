import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns changes in the schema into the next SQL migration, used by PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
