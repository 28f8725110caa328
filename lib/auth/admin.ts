import 'server-only';

import { z } from 'zod';

import { type Database, findLocalUserByEmail, findSupabaseUserId, grantRole } from '@/lib/db';

export type GrantAdminOutcome =
  { status: 'granted' | 'already-admin'; userId: string } | { status: 'invalid-email' | 'no-such-user' };

/**
 * Grants the 'admin' role (a user_roles row, docs/SPEC-NOTES.md §5) to the account with that email: a local account, or with
 * `supabase: true` a Supabase Auth user (auth.users, on the Supabase database). Creates nothing else: no account,
 * no password. Used by `npm run user:admin -- <email>`. @throws on database errors.
 */
export async function grantAdminByEmail(
  db: Database,
  rawEmail: string,
  { supabase }: { supabase: boolean },
): Promise<GrantAdminOutcome> {
  const parsed = z.email().safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) return { status: 'invalid-email' };
  const userId = supabase
    ? await findSupabaseUserId(db, parsed.data)
    : ((await findLocalUserByEmail(db, parsed.data))?.id ?? null);
  if (!userId) return { status: 'no-such-user' };
  return { status: (await grantRole(db, userId, 'admin')) ? 'granted' : 'already-admin', userId };
}
