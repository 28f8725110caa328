import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';

import { authKind } from '@/lib/auth/config';
import { supabaseServerClient } from '@/lib/auth/supabase';
import { env } from '@/lib/config/env';

import { DEFAULT_UPLOADS_DIR, localMaterialStorage } from './local';
import { s3MaterialStorage } from './s3';
import { supabaseMaterialStorage } from './supabase';
import type { MaterialStorage } from './types';

export { type MaterialStorage, UPLOADS_URL_PREFIX } from './types';
export { DEFAULT_UPLOADS_DIR, localMaterialStorage } from './local';
export { type S3Settings, s3MaterialStorage } from './s3';
export { MATERIALS_BUCKET, supabaseMaterialStorage } from './supabase';

export type MaterialStorageKind = 'local' | 's3' | 'supabase';

/**
 * Which storage MATERIALS_STORAGE names; unset, as before it existed: Supabase Storage when accounts are Supabase's,
 * else the local folder. Independent of the accounts otherwise: local accounts with S3, Supabase accounts with a
 * local folder, and so on (lib/config/env.ts refuses `supabase` without Supabase Auth, and `s3` without its settings).
 */
export function materialStorageKind(): MaterialStorageKind {
  return env().MATERIALS_STORAGE ?? (authKind() === 'supabase' ? 'supabase' : 'local');
}

/**
 * The storage of course materials this deployment uses (docs/ARCHITECTURE.md §2 "file storage"):
 * - `local`: files in MATERIALS_DIR (default `.data/uploads`), one machine only;
 * - `s3`: a private bucket of any S3-compatible store (MATERIALS_S3_*), for several instances;
 * - `supabase`: the private Supabase Storage bucket `documents`, read with the visitor's own session.
 * All three are downloaded through `/uploads/…`, which checks enrolment first (lib/media/material-access.ts).
 *
 * `client`: the request's user-scoped Supabase client (`supabaseClientForRequest()` from `@/lib/auth`), needed for
 * Supabase uploads and removals, which Storage's RLS allows to admins only, and for downloads of priced courses'
 * materials, which it allows to their students. Without one, an anonymous client (no session) is used: enough for
 * listing and for free courses' materials, while its writes are refused by Storage. Ignored by
 * the other storages. Does not read cookies (the storage stays free of next/headers).
 */
export function materialStorage(client?: SupabaseClient | null): MaterialStorage {
  const e = env();
  switch (materialStorageKind()) {
    case 'local':
      return localMaterialStorage(e.MATERIALS_DIR ?? DEFAULT_UPLOADS_DIR);
    case 's3':
      return s3MaterialStorage({
        endpoint: e.MATERIALS_S3_ENDPOINT!,
        bucket: e.MATERIALS_S3_BUCKET!,
        region: e.MATERIALS_S3_REGION,
        accessKeyId: e.MATERIALS_S3_ACCESS_KEY_ID!,
        secretAccessKey: e.MATERIALS_S3_SECRET_ACCESS_KEY!,
        prefix: e.MATERIALS_S3_PREFIX,
      });
    case 'supabase':
      return supabaseMaterialStorage({
        project: {
          url: e.NEXT_PUBLIC_SUPABASE_URL!,
          publishableKey: e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
        },
        client:
          client ??
          supabaseServerClient({
            url: e.NEXT_PUBLIC_SUPABASE_URL!,
            publishableKey: e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
            cookies: { getAll: () => [], set: () => undefined },
          }),
      });
  }
}
