import { supabaseClientForRequest } from '@/lib/auth';
import { contentDisposition, uploadHeaders } from '@/lib/courses/shared';
import { type MaterialAccess, materialAccess } from '@/lib/media/material-access';
import { route } from '@/lib/safe-action';
import { materialStorage, materialStorageKind } from '@/lib/storage';

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...extra } });
const notFound = () => text('Not found', 404);

const REFUSALS: Partial<Record<MaterialAccess, () => Response>> = {
  'not-found': notFound,
  forbidden: () => text('Forbidden', 403),
  unavailable: () => text('Service unavailable', 503, { 'Retry-After': '5' }),
};

// What the route passes on from the storage's answer; everything else (type, caching, disposition) is its own.
const PASSED_ON = ['content-length', 'content-range', 'accept-ranges'];

/**
 * GET `/uploads/{file}`: a course material kept by the local folder, S3 or the private Supabase Storage bucket
 * (MATERIALS_STORAGE, lib/storage/index.ts), for the course's students and admins only. Through the route
 * wrapper with guard 'user' (lib/safe-action.ts): signed out → 401 before anything is looked up, so the answer
 * says nothing about which files exist; every answer `private, no-store`. Only names of the stored form
 * `{timestamp}_{name}.{accepted extension}` that belong to a recorded material are served (else 404, so no path
 * can leave the folder or the key prefix); `materialAccess` (lib/media/material-access.ts) decides: admins and
 * students with an active enrolment (drafts included) → the file, others 403 (published) or 404 (draft). The
 * content type comes from the extension, never sniffed (the upload checked the bytes match it); the
 * Content-Disposition carries the name students see, accents included (`filename*`, RFC 5987), inline except
 * office documents (attachments). Streamed (from disk, or from the private bucket through the server, so its
 * keys and addresses never reach the browser; Supabase Storage with the visitor's session), with byte ranges. A
 * storage that cannot be read answers 503.
 */
export const GET = route<'user', { file: string }>(
  async (request, { user, params }) => {
    let name: string;
    try {
      name = decodeURIComponent(params.file);
    } catch {
      return notFound();
    }
    const served = uploadHeaders(name);
    if (!served) return notFound();
    // Supabase Storage is read with the visitor's own session, so its RLS checks the course a second time.
    const storage = materialStorage(
      materialStorageKind() === 'supabase' ? await supabaseClientForRequest() : null,
    );
    if (!storage.read) return notFound();
    const { access, filename } = await materialAccess(name, user);
    const refusal = REFUSALS[access];
    if (refusal) return refusal();
    let stored: Response | null;
    try {
      stored = await storage.read(name, request.headers.get('range'));
    } catch (error) {
      console.error(`[uploads] ${error instanceof Error ? error.message : 'storage read failed'}`);
      return REFUSALS.unavailable!();
    }
    if (!stored) return notFound();
    const headers = new Headers({
      'Content-Type': served.contentType,
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      'Content-Disposition': contentDisposition(
        served.attachment ? 'attachment' : 'inline',
        filename ?? name,
      ),
    });
    for (const key of PASSED_ON) {
      const value = stored.headers.get(key);
      if (value) headers.set(key, value);
    }
    if (stored.status === 416) {
      // The store's error document is not passed on.
      await stored.body?.cancel();
      return new Response(null, { status: 416, headers });
    }
    return new Response(stored.body, { status: stored.status, headers });
  },
  { guard: 'user' },
);
