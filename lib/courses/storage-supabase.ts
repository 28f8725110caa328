import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';

import type { MaterialStorage } from './storage';

/** The Supabase Storage bucket of course materials (supabase/migrations/…_documents_bucket.sql). */
export const MATERIALS_BUCKET = 'documents';

/** What supabase-js' StorageApiError carries (status: the HTTP status; statusCode: the body's code). */
type StorageFailure = { message?: string; status?: number; statusCode?: string; name?: string };

/**
 * A duplicate path: Storage answers 409, or (older Storage servers) HTTP 400 with the body's statusCode '409' and
 * 'The resource already exists'.
 */
function isDuplicate(error: StorageFailure): boolean {
  return (
    error.status === 409 ||
    error.statusCode === '409' ||
    /already exists|duplicate/i.test(error.message ?? '')
  );
}

function isNotFound(error: StorageFailure): boolean {
  return error.status === 404 || error.statusCode === '404' || /not.?found/i.test(error.message ?? '');
}

/** Status and server message only: never headers or the request (they carry the user's token). */
function summary(error: StorageFailure): string {
  const status = error.statusCode ?? (error.status === undefined ? '' : String(error.status));
  return `${status ? `${status}: ` : ''}${error.message ?? 'unknown error'}`;
}

/**
 * Course materials in a Supabase Storage bucket (default `documents`, docs/ARCHITECTURE.md §2 "file storage"), through
 * supabase-js' `client.storage.from(bucket)`.
 *
 * `client` must be the request's user-scoped server client (`supabaseClientForRequest()` from `@/lib/auth`: the
 * signed-in admin's session), never a service-role client: Storage's own RLS (`public.is_admin()` on
 * `storage.objects`) then decides too, so a bug in the site's admin check cannot write to the bucket. An anonymous
 * client works for `url()` only (listing); its writes are refused by that RLS.
 *
 * The bucket is public: `url()` is the object's public URL (`{project}/storage/v1/object/public/documents/{path}`),
 * served to anyone who has it without a session. Materials are meant for enrolled students, but the material rows
 * of a published course are public already (RLS), and paths are a millisecond timestamp plus the file name: hard to
 * guess, not secret. Nobody but admins can list the bucket (no public SELECT policy), so a draft course's files
 * are found only by someone who knows or guesses their path.
 *
 * - `put`: uploads with `upsert: false` and the given content type. @returns the public URL. @throws an Error
 *   with code 'EEXIST' when the path is taken (the caller retries with the next timestamp), else an Error
 *   '[courses] Supabase Storage refused …' with Storage's status and message (no token, no key).
 * - `remove`: deletes the object; a missing object (or a 404) is ignored. @throws on any other failure.
 */
export function supabaseMaterialStorage({
  client,
  bucket = MATERIALS_BUCKET,
}: {
  client: SupabaseClient;
  bucket?: string;
}): MaterialStorage {
  const files = () => client.storage.from(bucket);
  const url = (storagePath: string) => files().getPublicUrl(storagePath).data.publicUrl;
  return {
    async put(storagePath, bytes, contentType) {
      const { error } = await files().upload(storagePath, bytes, { contentType, upsert: false });
      if (error) {
        const failure = error as StorageFailure;
        if (isDuplicate(failure)) {
          throw Object.assign(new Error(`[courses] ${bucket}/${storagePath} already exists`), {
            code: 'EEXIST',
          });
        }
        throw new Error(
          `[courses] Supabase Storage refused the upload of ${storagePath} to bucket ${bucket} (${summary(failure)})`,
        );
      }
      return url(storagePath);
    },
    async remove(storagePath) {
      const { error } = await files().remove([storagePath]);
      if (error && !isNotFound(error as StorageFailure)) {
        throw new Error(
          `[courses] Supabase Storage refused to remove ${storagePath} from bucket ${bucket} (${summary(error as StorageFailure)})`,
        );
      }
    },
    url,
  };
}
