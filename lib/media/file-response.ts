import 'server-only';

import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';

import { parseByteRange } from './range';

/**
 * A file as an HTTP response, streamed from disk (never read whole into memory), honouring one `Range` (206, or
 * 416 when it starts past the end) so audio and video can seek. `headers` are added to every answer (type,
 * caching, nosniff…). The file is opened before answering, so a missing file or a directory gives null (the
 * caller's 404) rather than a broken stream; the handle closes when the stream ends or the client goes away.
 */
export async function streamFile(
  file: string,
  rangeHeader: string | null,
  headers: Record<string, string>,
): Promise<Response | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    const size = info.size;
    const base = { ...headers, 'Accept-Ranges': 'bytes' };
    const range = parseByteRange(rangeHeader, size);
    if (range === 'unsatisfiable' || size === 0) {
      await handle.close();
      return range === 'unsatisfiable'
        ? new Response(null, { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` } })
        : new Response(null, { status: 200, headers: { ...base, 'Content-Length': '0' } });
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const body = Readable.toWeb(handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>;
    const length = String(end - start + 1);
    return range
      ? new Response(body, {
          status: 206,
          headers: { ...base, 'Content-Length': length, 'Content-Range': `bytes ${start}-${end}/${size}` },
        })
      : new Response(body, { status: 200, headers: { ...base, 'Content-Length': length } });
  } catch {
    await handle.close().catch(() => undefined);
    return null;
  }
}
