/**
 * Reads a request or response body as UTF-8 text, up to `maxBytes`. Stops reading (and cancels the stream) as soon
 * as the body grows past the limit, so a huge or endless body is never buffered whole.
 * @returns the text; '' when there is no body; null when the body is longer than `maxBytes`.
 */
export async function readBodyCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string | null> {
  if (!body) return '';
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
  return Buffer.concat(chunks).toString('utf8');
}
