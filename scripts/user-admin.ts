import './load-env';

/**
 * `npm run user:admin -- <email>`: makes an existing account an admin (a user_roles row with role_name 'admin',
 * docs/SPEC-NOTES.md §5). It never creates an account or a password: the person signs up at /login first (and confirms the
 * email), then an operator runs this. Accounts: Supabase Auth (auth.users) when NEXT_PUBLIC_SUPABASE_URL and
 * NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY are set, else the local accounts. Database: the one the app uses
 * (DATABASE_URL, else PGlite in PGLITE_DIR or .data/pglite; the embedded PGlite only while the server is
 * stopped, as one process at a time may open it). Exit codes: 0 granted or already admin, 1 no such account or
 * error, 2 usage.
 */
import { authKind } from '@/lib/auth/config';
import { grantAdminByEmail } from '@/lib/auth/admin';
import { closeDb, getDb } from '@/lib/db';

async function main(): Promise<number> {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) {
    console.error('Usage: npm run user:admin -- <email>');
    return 2;
  }
  const supabase = authKind() === 'supabase';
  const outcome = await grantAdminByEmail(await getDb(), email, { supabase });
  await closeDb();
  switch (outcome.status) {
    case 'invalid-email':
      console.error(`"${email}" is not an email address. Usage: npm run user:admin -- <email>`);
      return 2;
    case 'no-such-user':
      console.error(
        `No ${supabase ? 'Supabase Auth' : 'local'} account uses ${email}. Ask them to create one at /login ` +
          '(and confirm their email), then run this again. Nothing was changed.',
      );
      return 1;
    case 'already-admin':
      console.log(`${email} is already an admin (user ${outcome.userId}). Nothing was changed.`);
      return 0;
    case 'granted':
      console.log(`${email} is now an admin (user ${outcome.userId}).`);
      return 0;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
