import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';

import { type MaterialStorage, UPLOADS_URL_PREFIX } from './types';

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

/** The Storage statuses a download passes on to `/uploads` (the bytes, a part of them, or a range it cannot serve). */
const SERVED = new Set([200, 206, 416]);

/**
 * Course materials in the private Supabase Storage bucket (default `documents`, docs/ARCHITECTURE.md §2 "file
 * storage"), through supabase-js' `client.storage.from(bucket)` for writes and Storage's authenticated download
 * endpoint for reads.
 *
 * `client` must be the request's user-scoped server client (`supabaseClientForRequest()` from `@/lib/auth`: the
 * signed-in person's session), never a service-role client: Storage's own RLS on `storage.objects` then decides
 * too (supabase/migrations/…_private_materials_bucket.sql: admins write; `public.may_read_material()` lets a reader
 * download only what lib/media/material-access.ts would serve them), so a bug in the site's checks cannot write to
 * the bucket or leak a priced course's file. An anonymous client (no session) reads free courses' materials only.
 * `project`: the project's URL and publishable key (NEXT_PUBLIC_SUPABASE_URL and …_PUBLISHABLE_KEY), for reads.
 *
 * - `url`: `/uploads/{path}`: the site's route, which checks the course and then calls `read`; the bucket has no
 *   public URL.
 * - `put`: uploads with `upsert: false` and the given content type. @returns that URL. @throws an Error with code
 *   'EEXIST' when the path is taken (the caller retries with the next timestamp), else an Error
 *   '[courses] Supabase Storage refused …' with Storage's status and message (no token, no key).
 * - `remove`: deletes the object; a missing object (or a 404) is ignored. @throws on any other failure.
 * - `read`: `GET {project}/storage/v1/object/authenticated/{bucket}/{path}` with the session's access token (the
 *   publishable key without one) and the visitor's `Range`. @returns Storage's 200/206/416 response; null when
 *   Storage does not find the object or hides it (RLS answers "not found"). @throws on any other answer.
 */
export function supabaseMaterialStorage({
  client,
  bucket = MATERIALS_BUCKET,
  project,
}: {
  client: SupabaseClient;
  bucket?: string;
  project?: { url: string; publishableKey: string };
}): MaterialStorage {
  const files = () => client.storage.from(bucket);
  const url = (storagePath: string) => `${UPLOADS_URL_PREFIX}${encodeURIComponent(storagePath)}`;
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
    async read(storagePath, range) {
      if (!project) throw new Error('[courses] reading from Supabase Storage needs the project URL and key');
      // The cookie session as stored: Storage verifies the token itself, so it needs no round trip to Auth here.
      const token = (await client.auth.getSession()).data.session?.access_token ?? project.publishableKey;
      const objectPath = storagePath.split('/').map(encodeURIComponent).join('/');
      const answer = await fetch(
        `${project.url.replace(/\/+$/, '')}/storage/v1/object/authenticated/${encodeURIComponent(bucket)}/${objectPath}`,
        {
          headers: {
            apikey: project.publishableKey,
            authorization: `Bearer ${token}`,
            ...(range ? { range } : {}),
          },
          cache: 'no-store',
        },
      );
      if (SERVED.has(answer.status)) return answer;
      const failure = (await answer.json().catch(() => ({}))) as StorageFailure;
      if (answer.status === 404 || isNotFound({ ...failure, status: answer.status })) return null;
      throw new Error(
        `[courses] Supabase Storage refused the download of ${storagePath} from bucket ${bucket} (${summary({ ...failure, status: answer.status })})`,
      );
    },
  };
}
