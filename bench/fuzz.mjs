#!/usr/bin/env node
// Hostile requests against a running `next start` (security review L8): bad %-escapes on every path prefix, broken
// multipart bodies and bad Origins to every server action of the build, undecodable action bodies, oversized
// headers and bodies, odd methods. Prints a status histogram per group, the 4xx answers that lack the security
// headers, and exits 1 on any 5xx but a deliberate 503 (a feature not configured), or on a 4xx without them.
//
//   node bench/fuzz.mjs [base URL, default http://localhost:3000] [--dist .next] [--repeat 4] [--concurrency 16]
//
// The server should have high screening limits (SCREENING_MAX_REQUESTS), or the answers are mostly 429.
import http from 'node:http';
import process from 'node:process';

import { hostileRequests, serverActions } from './fuzz-cases.mjs';

/** What every answer the app makes must carry (lib/security/headers.ts); a refusal is no exception. */
export const REQUIRED_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];

/** Sends one request with node:http (fetch refuses odd methods and some of these headers). */
export function send(base, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const url = new URL(base);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        // The raw path: URL() would re-encode the bad escapes.
        path,
        headers: { ...headers, ...(body !== undefined ? { 'Content-Length': Buffer.byteLength(body) } : {}) },
        timeout: 30_000,
        insecureHTTPParser: true,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    // A server that answers and closes before the whole body is sent (413) is an answer, not an error.
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, headers: {}, error: error.code ?? error.message });
    });
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Runs `requests` `concurrency` at a time; returns each with its answer. */
export async function run(base, requests, concurrency = 16) {
  const results = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const i = next++;
        results[i] = { ...requests[i], answer: await send(base, requests[i]) };
      }
    }),
  );
  return results;
}

/**
 * A 4xx the app answered without the security headers. Answers of Node's own HTTP parser (431 for a header block
 * over 16 KB, 400 for an unknown method or a malformed request line) are not the app's: they carry no `Date`.
 */
export function missingHeaders(result) {
  const { status, headers } = result.answer;
  if (status < 400 || status >= 500 || !headers.date) return [];
  return REQUIRED_HEADERS.filter((h) => !headers[h]);
}

/** True for an answer the fuzz fails on: a 5xx but 503, or no answer at all. */
export function isFailure(result) {
  const { status } = result.answer;
  return status === 0 || (status >= 500 && status !== 503);
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

async function main() {
  const base =
    process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'http://localhost:3000';
  const dist = option('dist', process.env.NEXT_DIST_DIR || '.next');
  const actions = serverActions(dist);
  if (!actions.length)
    console.warn(`fuzz: no server actions found in ${dist}/server/server-reference-manifest.json`);
  const requests = hostileRequests(actions, { repeat: Number(option('repeat', '4')) });
  console.log(`fuzz: ${requests.length} requests to ${base} (${actions.length} server actions)`);
  const started = Date.now();
  const results = await run(base, requests, Number(option('concurrency', '16')));

  const byGroup = new Map();
  for (const r of results) {
    const key = r.group;
    const histogram = byGroup.get(key) ?? new Map();
    const status = r.answer.status || `no answer (${r.answer.error})`;
    histogram.set(status, (histogram.get(status) ?? 0) + 1);
    byGroup.set(key, histogram);
  }
  const total = new Map();
  for (const [group, histogram] of byGroup) {
    const line = [...histogram].sort().map(([s, n]) => `${n} × ${s}`);
    console.log(`  ${group.padEnd(26)} ${line.join(', ')}`);
    for (const [s, n] of histogram) total.set(s, (total.get(s) ?? 0) + n);
  }
  console.log(
    `  ${'all'.padEnd(26)} ${[...total]
      .sort()
      .map(([s, n]) => `${n} × ${s}`)
      .join(', ')}`,
  );
  console.log(`fuzz: ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const failures = results.filter(isFailure);
  const bare = results.filter((r) => missingHeaders(r).length);
  for (const r of failures.slice(0, 20))
    console.log(`  FAIL ${r.answer.status || r.answer.error} ${r.method} ${r.path} [${r.group}]`);
  for (const r of bare.slice(0, 20))
    console.log(
      `  NO HEADERS ${r.answer.status} ${r.method} ${r.path} [${r.group}]: ${missingHeaders(r).join(', ')}`,
    );
  if (failures.length || bare.length) {
    console.log(
      `fuzz: FAILED: ${failures.length} server errors, ${bare.length} refusals without security headers`,
    );
    process.exit(1);
  }
  console.log('fuzz: OK: no 5xx (but deliberate 503s), every refusal carries the security headers');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
