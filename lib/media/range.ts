/**
 * HTTP byte ranges (RFC 9110 §14) for serving audio and video files: browsers can only seek in a media file whose
 * server answers `Range` requests with 206 Partial Content. Pure.
 */

export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header for a file of `size` bytes: one range (`bytes=0-99`, `bytes=100-`, `bytes=-500`), with
 * `end` clamped to the last byte. Returns null when there is no usable single byte range (serve the whole file,
 * as the RFC allows for several ranges too), and 'unsatisfiable' when the range starts past the end (416).
 */
export function parseByteRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  const [, from, to] = match;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
