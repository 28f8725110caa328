import path from 'node:path';

import { streamFile } from '@/lib/media/file-response';

// GET /content-media/{path} – media files of the bundled content snapshot (content/media), which stand in for
// WordPress's wp-content/uploads when the site runs on the snapshot.

const ROOT = path.join(process.cwd(), 'content', 'media');
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.oga': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export async function GET(request: Request, { params }: RouteContext<'/content-media/[...path]'>) {
  const parts = (await params).path;
  const file = path.join(ROOT, ...parts);
  const type = TYPES[path.extname(file).toLowerCase()];
  // path.join normalises `..`; anything that escapes the media folder, or an unknown type, is simply not here.
  if (!file.startsWith(ROOT + path.sep) || !type || parts.some((p) => p.startsWith('.'))) {
    return new Response('Not found', { status: 404 });
  }
  const response = await streamFile(file, request.headers.get('range'), {
    'Content-Type': type,
    'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    'X-Content-Type-Options': 'nosniff',
    ...(type === 'image/svg+xml'
      ? { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" }
      : {}),
  });
  // Streamed from disk with byte ranges: browsers seek in audio and video only when the server answers 206.
  return response ?? new Response('Not found', { status: 404 });
}
