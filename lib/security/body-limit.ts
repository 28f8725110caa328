/**
 * Request body limits (pure, shared by next.config.ts, proxy.ts and the upload route).
 *
 * Next buffers the body of every request the proxy runs for, up to `proxyClientMaxBodySize` (next.config.ts),
 * so that the proxy and the route can both read it. That buffer is MAX_PROXY_BODY_BYTES for every path: no page,
 * server action or API route takes more (server actions are capped at 1 MB by Next too). The course-material
 * upload, which takes 20 MB, is outside the proxy's matcher and reads its own body with its own cap.
 * deploy/nginx/lrjn.conf sets the same limits in front (`client_max_body_size`).
 */
export const MAX_PROXY_BODY_BYTES = 1024 * 1024;

/**
 * True when a declared `Content-Length` is over `maxBytes` (or is not a plain number of bytes). A body without
 * one (chunked) is not judged here: Next's buffer keeps only its first `maxBytes`.
 */
export function declaredBodyTooLarge(contentLength: string | null, maxBytes: number): boolean {
  if (contentLength === null) return false;
  return !/^\d+$/.test(contentLength.trim()) || Number(contentLength) > maxBytes;
}
