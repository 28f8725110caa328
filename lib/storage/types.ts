/**
 * Where course materials are stored (docs/ARCHITECTURE.md §2 "file storage"). Three adapters:
 * `localMaterialStorage()` (local.ts) writes files to a folder (default `.data/uploads`); `s3MaterialStorage()` (s3.ts)
 * to a private bucket of any S3-compatible store; both are served at `/uploads/{storagePath}` by
 * app/uploads/[file]/route.ts, which checks who may download and then streams through `read`.
 * `supabaseMaterialStorage()` (supabase.ts) keeps them in the private Supabase Storage bucket `documents`,
 * served through the same route and read with the visitor's session, so Storage's RLS checks the course again.
 * `materialStorage()` (index.ts) picks one by MATERIALS_STORAGE.
 */
export interface MaterialStorage {
  /**
   * Stores the bytes under `storagePath` (a sanitised `{timestamp}_{filename}`). @returns the public URL.
   * @throws with code 'EEXIST' when that path is taken (the caller picks another timestamp).
   */
  put(storagePath: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Removes a stored file; missing files are ignored. */
  remove(storagePath: string): Promise<void>;
  /** The public URL of a stored file. */
  url(storagePath: string): string;
  /**
   * The stored bytes as a response (200, or 206/416 for a `Range`), with its length headers and no others, for
   * the `/uploads` route to stream after its access check; null when the file does not exist. Only storages
   * served through `/uploads` have it.
   */
  read?(storagePath: string, range?: string | null): Promise<Response | null>;
}

/** Where the site serves stored materials: `/uploads/{storagePath}` (app/uploads/[file]/route.ts). */
export const UPLOADS_URL_PREFIX = '/uploads/';
