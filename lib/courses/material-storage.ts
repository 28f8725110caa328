import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';

import { authKind } from '@/lib/auth/config';
import { supabaseServerClient } from '@/lib/auth/supabase';
import { env } from '@/lib/config/env';

import { type MaterialStorage, localMaterialStorage } from './storage';
import { supabaseMaterialStorage } from './storage-supabase';

/**
 * The storage of course materials this deployment uses (docs/ARCHITECTURE.md §2 "file storage"): the Supabase Storage bucket
 * `documents` when accounts are Supabase's (`authKind() === 'supabase'`: NEXT_PUBLIC_SUPABASE_URL and
 * NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY set), else files in `.data/uploads` served at `/uploads/…`.
 *
 * `client`: the request's user-scoped Supabase client (`supabaseClientForRequest()` from `@/lib/auth`), needed for
 * uploads and removals, which Storage's RLS allows to admins only. Without one, an anonymous client (no session)
 * is used: enough for public URLs (listing materials), while its writes are refused by Storage. Ignored when
 * accounts are local. Does not read cookies (lib/courses stays free of next/headers).
 */
export function materialStorage(client?: SupabaseClient | null): MaterialStorage {
  if (authKind() !== 'supabase') return localMaterialStorage();
  const e = env();
  return supabaseMaterialStorage({
    client:
      client ??
      supabaseServerClient({
        url: e.NEXT_PUBLIC_SUPABASE_URL!,
        publishableKey: e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
        cookies: { getAll: () => [], set: () => undefined },
      }),
  });
}
