import './load-env';

/**
 * `npm run user:role -- <email> <admin|staff|none>`: gives an existing account exactly that back-office role
 * (a user_roles row; 'none' removes it), with an audit entry by 'cli'. 'admin' may do everything, 'staff' works
 * the inbox and the lists. It never creates an account: the person signs up at /login first. Refuses to remove the
 * last admin (ADMIN_EMAILS admins with a confirmed account count) and to demote an ADMIN_EMAILS admin (change the
 * setting instead). Accounts and database as `npm run user:admin` (scripts/user-admin.ts): Supabase Auth when its
 * variables are set, else local accounts; DATABASE_URL, else the embedded PGlite (only while the server is
 * stopped). Exit codes: 0 changed or unchanged, 1 no such account, last admin, ADMIN_EMAILS admin or error, 2 usage.
 */
import { setRoleByEmail } from '@/lib/auth/roles';
import { authKind } from '@/lib/auth/config';
import { closeDb, getDb } from '@/lib/db';

const USAGE = 'Usage: npm run user:role -- <email> <admin|staff|none>';
const ROLES = { admin: 'admin', staff: 'staff', none: null } as const;

async function main(): Promise<number> {
  const [email, roleName] = process.argv.slice(2);
  if (!email || !roleName || process.argv.length > 4 || !Object.hasOwn(ROLES, roleName)) {
    console.error(USAGE);
    return 2;
  }
  const role = ROLES[roleName as keyof typeof ROLES];
  const supabase = authKind() === 'supabase';
  const outcome = await setRoleByEmail(await getDb(), email, role, { supabase });
  await closeDb();
  switch (outcome.status) {
    case 'invalid-email':
      console.error(`"${email}" is not an email address. ${USAGE}`);
      return 2;
    case 'no-such-user':
      console.error(
        `No ${supabase ? 'Supabase Auth' : 'local'} account uses ${email}. Ask them to create one at /login ` +
          '(and confirm their email), then run this again. Nothing was changed.',
      );
      return 1;
    case 'last-admin':
      console.error(`${email} is the last admin: make someone else admin first. Nothing was changed.`);
      return 1;
    case 'env-admin':
      console.error(
        `${email} is an admin through ADMIN_EMAILS on the server; change it there. Nothing was changed.`,
      );
      return 1;
    case 'unchanged':
      console.log(
        `${outcome.email} already has role ${roleName} (user ${outcome.userId}). Nothing was changed.`,
      );
      return 0;
    case 'changed':
      console.log(
        `${outcome.email} now has role ${roleName} (was ${outcome.before ?? 'none'}; user ${outcome.userId}).`,
      );
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
