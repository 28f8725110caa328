/** wrk arguments for `--as-nginx`: the X-Request-Id deploy/nginx/lrjn.conf adds to every request in production. */
export const NGINX_REQUEST_ID = ['-H', 'X-Request-Id: bench-0123456789abcdef'];

/**
 * Waits until the site at `baseUrl` has opened its database: GET /api/ready answers
 * `{ checks: { database: 'ok' } }` (its overall status may stay 503 when WordPress is unreachable, as with a content
 * snapshot). The embedded PGlite opens, migrates and seeds in the background after start (instrumentation.ts): on
 * a two-core machine that takes seconds of CPU, and a measurement taken meanwhile charges it to the requests (it
 * was a fifth of `/contact`'s profiled time in one run). Throws after `timeoutMs`.
 * @param {string} baseUrl e.g. http://127.0.0.1:3120
 * @param {number} [timeoutMs]
 */
export async function waitForDatabase(baseUrl, timeoutMs = 180_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      const body = await res.json();
      if (body?.checks?.database === 'ok') return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${baseUrl}: the database never opened`);
}
