import path from 'node:path';

import { uploadHeaders } from '@/components/courses/uploads';
import { DEFAULT_UPLOADS_DIR } from '@/lib/courses/storage';
import { streamFile } from '@/lib/media/file-response';
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

/**
 * GET `/uploads/{file}`: a course material stored by the local storage adapter in `.data/uploads` (lib/courses
 * storage.ts). Only names of the stored form `{timestamp}_{name}.{accepted extension}` that belong to a recorded
 * material are served (else 404, so no path can leave the folder); who may download it is decided by
 * `materialAccess` (lib/media/material-access.ts: free published course → anyone; priced → enrolled students and
 * admins; draft → admins only). The content type comes from the extension, never sniffed; office documents are
 * attachments. Streamed from disk, with byte ranges.
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
  const root = path.resolve(process.cwd(), DEFAULT_UPLOADS_DIR);
  const full = path.join(root, name);
  if (path.dirname(full) !== root) return notFound();
  const access = await materialAccess(name);
  const refusal = REFUSALS[access];
  if (refusal) return refusal();
  const response = await streamFile(full, request.headers.get('range'), {
    'Content-Type': served.contentType,
    'X-Content-Type-Options': 'nosniff',
    // Materials behind a sign-in must never sit in a shared cache.
    'Cache-Control': access === 'public' ? 'public, max-age=3600' : 'private, no-store',
    ...(served.attachment ? { 'Content-Disposition': `attachment; filename="${name}"` } : {}),
  });
  return response ?? notFound();
}
