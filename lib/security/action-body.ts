/**
 * A gate for server-action requests (pure), run by `proxy.ts` before Next decodes the body.
 *
 * Next answers a server-action POST whose body is not valid JSON, is over the size limit, or holds a dangling
 * React reference (`"$@1"`, `"$Q2"` …) with a 500 and an error payload. Our public forms send plain values only
 * (strings, numbers, booleans, null, arrays, objects), which React encodes as a JSON array, so anything else is
 * refused here with a 4xx before it reaches the framework. Multipart bodies must parse (`checkMultipartBody`).
 */

/** Largest server-action body accepted (the same as Next's default `serverActions.bodySizeLimit`). */
export const MAX_ACTION_BODY_BYTES = 1024 * 1024;

/** React's encodings of plain values a form may send (undefined, NaN, ±Infinity, -0, Date, BigInt). */
const PLAIN_TOKEN = /^\$(?:undefined|NaN|Infinity|-Infinity|-0|D\d{4}-\d\d-\d\dT[\d:.]+Z|n-?\d+)$/;

export type ActionBodyCheck = { ok: true } | { ok: false; status: 400 | 413 };

function plain(value: unknown, depth: number): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string')
    return !value.startsWith('$') || value.startsWith('$$') || PLAIN_TOKEN.test(value);
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every((v) => plain(v, depth + 1));
  return Object.entries(value).every(([key, v]) => !key.startsWith('$') && plain(v, depth + 1));
}

/** Size from the Content-Length header, when the client sent one. */
export function checkActionLength(contentLength: string | null): ActionBodyCheck {
  if (contentLength && Number(contentLength) > MAX_ACTION_BODY_BYTES) return { ok: false, status: 413 };
  return { ok: true };
}

/** Checks a `text/plain` server-action body: valid JSON, an array (the arguments), plain values only. */
export function checkActionBody(text: string): ActionBodyCheck {
  if (Buffer.byteLength(text) > MAX_ACTION_BODY_BYTES) return { ok: false, status: 413 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400 };
  }
  if (!Array.isArray(parsed) || !plain(parsed, 0)) return { ok: false, status: 400 };
  return { ok: true };
}

/**
 * Checks a `multipart/form-data` body (a form posted before scripts run, or an action called with a FormData):
 * a boundary in the type and a body that parses to the end. Next hands multipart server-action bodies to busboy,
 * which answers a cut-off body ("Unexpected end of form") or a missing boundary with a 500; this is refused with
 * a 400 here instead. Parsed by the runtime's own FormData parser (undici), at most MAX_ACTION_BODY_BYTES.
 */
export async function checkMultipartBody(
  contentType: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<ActionBodyCheck> {
  if (bytes.byteLength > MAX_ACTION_BODY_BYTES) return { ok: false, status: 413 };
  // A quoted boundary must be closed: the runtime's parser takes `boundary="abc` as `abc`, busboy refuses it.
  const boundary = /;\s*boundary=(?:"[^"]+"|[^;\s"]+)\s*(?:;|$)/i.exec(contentType);
  if (!boundary) return { ok: false, status: 400 };
  try {
    await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return { ok: false, status: 400 };
  }
  return { ok: true };
}
