import 'server-only';

import { type SupabaseClient, createClient } from '@supabase/supabase-js';

/**
 * Supabase Auth's admin API with the service-role key (GoTrue `/auth/v1/admin/users`), for the one thing the site
 * needs it for: erasing an account (UK GDPR, lib/data-rights). The key never leaves the server and is never used
 * for anything a request's own session could do. A client per call, holding no session.
 */

export type SupabaseAdminOptions = { url: string; serviceRoleKey: string };

class NoRealtimeTransport {
  constructor() {
    throw new Error('Realtime is not used by the server admin client');
  }
}

function adminClient({ url, serviceRoleKey }: SupabaseAdminOptions): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeTransport as never },
  });
}

/** A Supabase Auth user as the export shows it. */
export type SupabaseAccount = {
  id: string;
  email: string;
  fullName: string | null;
  emailConfirmedAt: string | null;
  createdAt: string;
  lastSignInAt: string | null;
};

/**
 * The Supabase Auth user with that (lower-cased) email, paging through the admin user list (at most `maxPages` of
 * 1,000), or null. @throws on an API error (a wrong key, the server unreachable).
 */
export async function findSupabaseAccount(
  options: SupabaseAdminOptions,
  email: string,
  maxPages = 20,
): Promise<SupabaseAccount | null> {
  const admin = adminClient(options).auth.admin;
  const wanted = email.trim().toLowerCase();
  for (let page = 1; page <= maxPages; page++) {
    const { data, error } = await admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`supabase admin listUsers failed: ${error.status ?? ''} ${error.code ?? ''}`);
    const user = data.users.find((u) => (u.email ?? '').toLowerCase() === wanted);
    if (user) {
      const name = user.user_metadata?.full_name;
      return {
        id: user.id,
        email: wanted,
        fullName: typeof name === 'string' && name ? name : null,
        emailConfirmedAt: user.email_confirmed_at ?? null,
        createdAt: user.created_at,
        lastSignInAt: user.last_sign_in_at ?? null,
      };
    }
    if (data.users.length < 1000) return null;
  }
  return null;
}

/**
 * Deletes the Supabase Auth user for good (DELETE /admin/users/{id}; GoTrue ends its sessions with it). An unknown
 * id (404) counts as done. @returns whether it is gone; @throws never (failures are `{ ok: false, error }` with the
 * status and code only).
 */
export async function deleteSupabaseUser(
  options: SupabaseAdminOptions,
  userId: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const { error } = await adminClient(options).auth.admin.deleteUser(userId);
    if (!error || error.status === 404) return { ok: true };
    return {
      ok: false,
      error: `supabase admin deleteUser: ${error.status ?? ''} ${error.code ?? ''}`.trim(),
    };
  } catch (error) {
    return {
      ok: false,
      error: `supabase admin deleteUser: ${error instanceof Error ? error.name : 'error'}`,
    };
  }
}
