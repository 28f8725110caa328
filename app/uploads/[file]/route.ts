import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { uploadHeaders } from '@/components/courses/uploads';
import { DEFAULT_UPLOADS_DIR } from '@/lib/courses/storage';

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * GET `/uploads/{file}`: a course material stored by the local storage adapter in `.data/uploads` (lib/courses
 * storage.ts). Only names of the stored form `{timestamp}_{name}.{accepted extension}` are served (else 404, so no
 * path can leave the folder); the content type comes from the extension, never sniffed; office documents are
 * attachments. Materials are public course resources, cached for an hour.
 */
export async function GET(_request: Request, { params }: RouteContext<'/uploads/[file]'>) {
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
  try {
    const info = await stat(full);
    if (!info.isFile()) return notFound();
    const bytes = await readFile(full);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': served.contentType,
        'Content-Length': String(bytes.byteLength),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'public, max-age=3600',
        ...(served.attachment ? { 'Content-Disposition': `attachment; filename="${name}"` } : {}),
      },
    });
  } catch {
    return notFound();
  }
}
