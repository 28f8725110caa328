/**
 * Reads a request or response body as bytes, up to `maxBytes`. Stops reading (and cancels the stream) as soon as the
 * body grows past the limit, so a huge or endless body is never buffered whole.
 * @returns the bytes; empty when there is no body; null when the body is longer than `maxBytes`.
 */
export async function readBytesCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a request or response body as UTF-8 text, up to `maxBytes` (see `readBytesCapped`).
 * @returns the text; '' when there is no body; null when the body is longer than `maxBytes`.
 */
export async function readBodyCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string | null> {
  const bytes = await readBytesCapped(body, maxBytes);
  return bytes === null
    ? null
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
