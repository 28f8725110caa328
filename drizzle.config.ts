/**
 * drizzle-kit configuration: `npm run db:generate` compares lib/db/schema.ts with the last snapshot in
 * lib/db/migrations/meta and writes the next SQL migration there. It needs no database connection.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
  strict: true,
  verbose: true,
});
