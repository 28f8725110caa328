import './load-env';

/**
 * `npm run mailing:check` – tests the connection to the configured newsletter/contact provider (MAILING_PROVIDER)
 * and says what is wrong: missing variables, a refused key, an unknown list/base/table, an unreachable host.
 * Reads the environment and the .env files as the server does (scripts/load-env.ts): `MAILING_PROVIDER=brevo BREVO_API_KEY=… npm run mailing:check`.
 * Exit code 0 when the provider answers (or none is configured: subscribers stay in the database), 1 otherwise.
 */
import { checkMailingConnection } from '@/lib/mailing';

async function main(): Promise<number> {
  const result = await checkMailingConnection();
  console.log(
    `mailing:check: provider ${result.provider ?? (result.ok ? 'none (database only)' : 'not determined')}`,
  );
  console.log(`mailing:check: ${result.ok ? 'OK' : 'PROBLEM'} – ${result.message}`);
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`mailing:check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
