/**
 * Loads `.env.production.local`, `.env.local`, `.env.production` and `.env` (`.env.development*` instead when
 * NODE_ENV=development) from the working directory into process.env exactly as `next start` does (`@next/env`'s
 * loadEnvConfig; variables already set win). Every npm script imports it FIRST, so a DATABASE_URL in `.env.local`
 * reaches `npm run user:admin` as it reaches the server, instead of the script silently using the embedded
 * database. (The scripts run as CommonJS under tsx, where this named import of a CommonJS bundle works.)
 */
import { loadEnvConfig } from '@next/env';

loadEnvConfig(process.cwd(), process.env.NODE_ENV === 'development', {
  info: () => undefined,
  error: (...args: unknown[]) => console.error(...args),
});
