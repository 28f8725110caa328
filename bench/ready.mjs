/** wrk arguments for `--as-nginx`: the X-Request-Id deploy/nginx/lrjn.conf adds to every request in production. */
export const NGINX_REQUEST_ID = ['-H', 'X-Request-Id: bench-0123456789abcdef'];

/**
 * Calls `check` every `intervalMs` until it resolves truthy (a throw, e.g. a refused connection, counts as "not
 * yet"); throws `Error(message)` after `timeoutMs`. The one wait loop of the benches.
 * @param {() => Promise<unknown>} check
 * @param {{ timeoutMs?: number, intervalMs?: number, message?: string }} [options]
 */
export async function poll(check, { timeoutMs = 120_000, intervalMs = 300, message = 'timed out' } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(message);
}

/**
 * Waits until GET `url` answers 2xx (body read, so the connection is free); throws after `timeoutMs`.
 * @param {string} url
 * @param {number} [timeoutMs]
 */
export function waitForOk(url, timeoutMs = 120_000) {
  return poll(
    async () => {
      const res = await fetch(url);
      await res.arrayBuffer();
      return res.ok;
    },
    { timeoutMs, message: `${url} never answered` },
  );
}

/**
 * Waits until the site at `baseUrl` has opened its database: GET /api/ready answers
 * `{ checks: { database: 'ok' } }` (its overall status may stay 503 when WordPress is unreachable, as with a content
 * snapshot). The embedded PGlite opens, migrates and seeds in the background after start (instrumentation.ts): on
 * a two-core machine that takes seconds of CPU, and a measurement taken meanwhile charges it to the requests (it
 * was a fifth of `/contact`'s profiled time in one run). Throws after `timeoutMs`.
 * @param {string} baseUrl e.g. http://127.0.0.1:3120
 * @param {number} [timeoutMs]
 */
export function waitForDatabase(baseUrl, timeoutMs = 180_000) {
  return poll(async () => (await (await fetch(`${baseUrl}/api/ready`)).json())?.checks?.database === 'ok', {
    timeoutMs,
    message: `${baseUrl}: the database never opened`,
  });
}
