#!/usr/bin/env node
/**
 * Where a request's server time goes: a V8 CPU profile of `next start` under wrk, split per request (issue 20 item
 * 3; bench/results/2026-11-29-throughput.md). Starts the app with `node --cpu-prof` on 127.0.0.1, warms the page up
 * with wrk, profiles `--duration` seconds of wrk (-t2 -c20, `Accept-Encoding: identity`), stops the server by PID
 * and prints, for the samples of those seconds only, each function's inclusive time divided by the requests
 * served. Frames of `.next` chunks are mapped to their source through the build's source maps. Sampling is
 * wall-clock on a shared machine: compare the split between two apps profiled in the same run, not absolute µs.
 *
 * Usage: node bench/cpu-profile.mjs [--path /contact] [--dir .] [--port 3125] [--warmup 5] [--duration 10]
 *          [--top 40] [--filter 'proxy|etag'] [--keep /tmp/profiles] [--as-nginx]
 * --as-nginx: every request carries an X-Request-Id, as behind deploy/nginx/lrjn.conf in production.
 * With --blank-dir (bench/run-all.mjs's --blank-dir) and --blank-path (e.g. /p5, the blank page of the same
 * size), the blank app is profiled next, on --port + 1, and printed beside the site.
 * Needs a build and wrk (Debian package). Run it under the machine's heavy-work lock where others share it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { NGINX_REQUEST_ID, waitForDatabase, waitForOk } from './ready.mjs';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map-js');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const asNginx = args.includes('--as-nginx') ? NGINX_REQUEST_ID : [];
const port = Number(option('port', '3125'));
const warmup = Number(option('warmup', '5'));
const duration = Number(option('duration', '10'));
const top = Number(option('top', '40'));
const filter = new RegExp(option('filter', '.'));

/**
 * Profiles `page` of the app in `dir`; returns the per-request inclusive µs of each source function. `site`: the
 * app has a database to wait for (bench/ready.mjs) before the warm-up.
 */
async function profile(dir, page, listenPort, site = false) {
  const profDir = mkdtempSync(path.join(os.tmpdir(), 'lrjn-cpu-prof-'));
  const child = spawn(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${profDir}`,
      path.join(dir, 'node_modules/next/dist/bin/next'),
      'start',
    ].concat(['-H', '127.0.0.1', '-p', String(listenPort)]),
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      // bench/run-all.mjs's environment: demo content in memory, screening on with its limits raised.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        ALLOW_DEMO_PRODUCTION: '1',
        PGLITE_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        SCREENING_MAX_REQUESTS: '1000000000',
        SCREENING_PREFETCH_MAX_REQUESTS: '1000000000',
      },
    },
  );
  try {
    const url = `http://127.0.0.1:${listenPort}${page}`;
    await waitForOk(url);
    if (site) await waitForDatabase(`http://127.0.0.1:${listenPort}`);
    const wrk = (seconds) =>
      execFileSync(
        'wrk',
        ['-t2', '-c20', `-d${seconds}s`, '-H', 'Accept-Encoding: identity', ...asNginx, url],
        { encoding: 'utf8' },
      );
    wrk(warmup);
    // V8's profile timestamps and process.hrtime share the monotonic clock: they delimit the measured seconds.
    const from = process.hrtime.bigint() / 1000n;
    const text = wrk(duration);
    const to = process.hrtime.bigint() / 1000n;
    const requests = Number(/(\d+) requests in/.exec(text)?.[1]);
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
    const files = readdirSync(profDir).map((f) => path.join(profDir, f));
    // The server's own profile is the largest (`next start` may leave a small one of a helper process).
    files.sort((a, b) => statSync(b).size - statSync(a).size);
    const keep = option('keep');
    if (keep) {
      mkdirSync(keep, { recursive: true });
      execFileSync('cp', [files[0], path.join(keep, `${path.basename(dir)}-${Date.now()}.cpuprofile`)]);
    }
    const split = splitPerRequest(JSON.parse(readFileSync(files[0], 'utf8')), from, to, requests);
    return { requests, split };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(profDir, { recursive: true, force: true });
  }
}

/** Inclusive time of every source function in the samples between `from` and `to` (µs), per request. */
function splitPerRequest(p, from, to, requests) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = new Map();
  const names = new Map();
  const nameOf = (node) => {
    if (names.has(node.id)) return names.get(node.id);
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    let name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/node_modules\//, '')}:${lineNumber + 1}`;
    if (url.includes('/.next/')) {
      const file = decodeURIComponent(url.replace(/^file:\/\//, ''));
      if (!maps.has(file))
        maps.set(
          file,
          existsSync(`${file}.map`)
            ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')))
            : null,
        );
      const original = maps.get(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (original?.source) {
        const source = original.source
          .replace(/^.*?(node_modules\/|\[project\]\/)/, '')
          .replace(/^(\.\.\/)+/, '');
        name = `${original.name || functionName || '(anonymous)'} ${source}:${original.line}`;
      }
    }
    names.set(node.id, name);
    return name;
  };
  const totals = new Map();
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    if (t < from || t > to) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    const seen = new Set();
    for (let id = p.samples[i]; id !== undefined; id = parent.get(id)) {
      const name = nameOf(byId.get(id));
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + dt);
    }
  }
  return new Map([...totals].map(([name, us]) => [name, us / requests]));
}

const site = await profile(path.resolve(option('dir', '.')), option('path', '/contact'), port, true);
const blankDir = option('blank-dir');
const blank = blankDir ? await profile(path.resolve(blankDir), option('blank-path', '/'), port + 1) : null;

console.log(
  `site: ${site.requests} requests${blank ? `, blank: ${blank.requests} requests` : ''} (µs a request, inclusive)`,
);
const rows = [...site.split]
  .filter(([name]) => filter.test(name))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top);
if (blank) {
  for (const [name] of [...blank.split]
    .filter(([n]) => filter.test(n))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    if (!rows.some(([n]) => n === name)) rows.push([name, site.split.get(name) ?? 0]);
}
for (const [name, us] of rows) {
  const other = blank ? `${(blank.split.get(name) ?? 0).toFixed(1).padStart(8)}  ` : '';
  console.log(`${us.toFixed(1).padStart(8)}  ${other}${name.slice(0, 150)}`);
}
