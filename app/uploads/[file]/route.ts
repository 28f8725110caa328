import { uploadHeaders } from '@/lib/courses/shared';
import { supabaseClientForRequest } from '@/lib/auth';
import { materialStorage, materialStorageKind } from '@/lib/storage';
import { type MaterialAccess, materialAccess } from '@/lib/media/material-access';

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  });
const notFound = () => text('Not found', 404);

const REFUSALS: Partial<Record<MaterialAccess, () => Response>> = {
  'not-found': notFound,
  unauthenticated: () => text('Unauthorized', 401),
  forbidden: () => text('Forbidden', 403),
  unavailable: () => text('Service unavailable', 503, { 'Retry-After': '5' }),
};

// What the route passes on from the storage's answer; everything else (type, caching, disposition) is its own.
const PASSED_ON = ['content-length', 'content-range', 'accept-ranges'];

/**
 * GET `/uploads/{file}`: a course material kept by the local folder, S3 or the private Supabase Storage bucket
 * (MATERIALS_STORAGE, lib/storage/index.ts). Only names of the stored form `{timestamp}_{name}.{accepted extension}` that
 * belong to a recorded material are served (else 404, so no path can leave the folder or the key prefix); who may
 * download it is decided by `materialAccess` (lib/media/material-access.ts: free published course → anyone;
 * priced → enrolled students and admins; draft → admins only) before the storage is asked. The content type comes
 * from the extension, never sniffed; office documents are attachments. Streamed (from disk, or from the private
 * bucket through the server, so its keys and addresses never reach the browser; Supabase Storage with the visitor's
 * session), with byte ranges. A storage that
 * cannot be read answers 503.
 */
export async function GET(request: Request, { params }: RouteContext<'/uploads/[file]'>) {
  const { file } = await params;
  let name: string;
  try {
    name = decodeURIComponent(file);
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
  const access = await materialAccess(name);
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
    // Materials behind a sign-in must never sit in a shared cache.
    'Cache-Control': access === 'public' ? 'public, max-age=3600' : 'private, no-store',
    ...(served.attachment ? { 'Content-Disposition': `attachment; filename="${name}"` } : {}),
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
}
