#!/usr/bin/env node
/**
 * The site's speed against a blank Next 16 page, in one command, written to bench/results/<date>.md (issue 20
 * item 5; budgets in docs/ARCHITECTURE.md §7):
 *   1. throughput (`wrk`, Debian package) of the cached public pages (`/`, a post, an event, /events, /blog,
 *      /contact, /archive) on `next start`, each against a blank Next 16 App Router page padded to the same HTML
 *      size, plus the blank `/` (a heading and a link); budget >= 0.8x. The site and the blank app run side by
 *      side and every site figure is taken right after its blank one, round after round (`--rounds`), so the
 *      load other processes put on the machine falls on both: the ratios are the figures to read;
 *   2. the dynamic views (filtered, searched and paged blog and archive): the first request of each state
 *      (it renders) and then p50 latency at 20 connections (budget p50 < 50 ms);
 *   3. optionally Lighthouse (`--lighthouse`, bench/lighthouse.mjs) and first-load JavaScript (`--first-load-js`,
 *      bench/first-load-js.mjs), each run after the servers above are stopped, their output appended as is.
 *
 * Needs a build (`npm run build`); builds the blank app in a temporary folder (about a minute). Servers bind to
 * 127.0.0.1:3120 (site) and 3121 (blank), or `--port N` and N+1, and are stopped by PID at the end. Screening stays on (its limits raised,
 * since a benchmark is one client), so each request pays the proxy's real work.
 *
 * Usage: npm run bench -- [--duration 10] [--connections 20] [--rounds 2] [--port 3120] [--lighthouse] [--first-load-js] [--as-nginx]
 *        [--out bench/results/2026-11-25.md] [--blank-dir /tmp/blank-next] (keep and reuse the blank app)
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLANK_HTML_BASE } from './blank-app.mjs';
import { NGINX_REQUEST_ID, waitForDatabase, waitForOk } from './ready.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const flag = (name) => args.includes(`--${name}`);
const duration = Number(option('duration', '10'));
const connections = Number(option('connections', '20'));
const rounds = Number(option('rounds', '2'));
const today = new Date().toISOString().slice(0, 10);
const out = path.resolve(root, option('out', `bench/results/${today}.md`));
const sitePort = Number(option('port', '3120'));
const SITE = `http://127.0.0.1:${sitePort}`;
const BLANK = `http://127.0.0.1:${sitePort + 1}`;

const work = mkdtempSync(path.join(os.tmpdir(), 'lrjn-bench-all-'));
const children = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error('[bench]', ...a);

/** `next start` of `dir` with that app's own next (one React per server), bound to 127.0.0.1. */
function nextStart(dir, port, env = {}) {
  const child = spawn(
    path.join(dir, 'node_modules/.bin/next'),
    ['start', '-H', '127.0.0.1', '-p', String(port)],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'],
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    },
  );
  children.push(child);
  return child;
}

function stopAll() {
  for (const child of children.splice(0)) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  stopAll();
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    cleanUp();
    process.exit(1);
  });

/**
 * --as-nginx: every request carries an X-Request-Id, as behind deploy/nginx/lrjn.conf in production (the proxy then
 * has no request header to override, lib/log/request-id.ts). Without it, each request gets a fresh id.
 */
const asNginx = flag('as-nginx') ? NGINX_REQUEST_ID : [];

/** wrk's requests/s and p50 (ms) for `url`; throws if any answer was not 2xx/3xx. */
function wrk(url, c = connections, seconds = duration) {
  const text = execFileSync(
    'wrk',
    ['-t2', `-c${c}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: identity', ...asNginx, url],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const p50raw = /\s50%\s+([\d.]+)(us|ms|s)\b/.exec(text);
  const scale = { us: 0.001, ms: 1, s: 1000 };
  const p50 = p50raw ? Number(p50raw[1]) * scale[p50raw[2]] : NaN;
  const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  if (bad > 0) throw new Error(`${url}: ${bad} non-2xx answers`);
  return { rps, p50 };
}

async function html(url) {
  // wrk runs through execFileSync, which blocks this event loop for minutes: a keep-alive socket the server closed
  // meanwhile is still in fetch's pool until its close event is handled, and a request written to it fails with
  // EPIPE (the 11-28 and 11-29 runs died so). One turn of the loop lets fetch drop it first.
  await sleep(20);
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { body, bytes: Buffer.byteLength(body), ms: performance.now() - started, res };
}

/** A blank Next 16 app: `/` (a heading and a link) and `/p{i}` padded to each of `sizes` bytes of HTML. */
function blankApp(sizes) {
  const kept = option('blank-dir');
  const dir = kept ? path.resolve(kept) : path.join(work, 'blank');
  const wanted = JSON.stringify({ sizes, base: BLANK_HTML_BASE });
  // --blank-dir keeps the blank app between runs: rebuilt only when the page sizes it was built for changed.
  if (kept && existsSync(path.join(dir, '.next')) && existsSync(path.join(dir, 'sizes.json'))) {
    if (readFileSync(path.join(dir, 'sizes.json'), 'utf8') === wanted) return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  // Hard links: Turbopack refuses a symlinked node_modules (bench/first-load-js.mjs does the same).
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'blank', private: true }));
  writeFileSync(path.join(dir, 'next.config.mjs'), 'export default {};\n');
  writeFileSync(
    path.join(dir, 'app/layout.tsx'),
    'export default function L({ children }: { children: React.ReactNode }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    path.join(dir, 'app/page.tsx'),
    'import Link from "next/link";\nexport default function P() { return <main><h1>Blank</h1><Link href="/p0">More</Link></main>; }\n',
  );
  sizes.forEach((size, i) => {
    const words = Math.max(0, Math.round((size - BLANK_HTML_BASE) / 2 / 12));
    mkdirSync(path.join(dir, `app/p${i}`), { recursive: true });
    writeFileSync(
      path.join(dir, `app/p${i}/page.tsx`),
      `export default function P() { return <main><h1>Blank</h1><p>{${JSON.stringify('lorem ipsum '.repeat(words))}}</p></main>; }\n`,
    );
  });
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        jsx: 'preserve',
        strict: true,
        skipLibCheck: true,
        moduleResolution: 'bundler',
        module: 'esnext',
        target: 'ES2022',
        lib: ['dom', 'esnext'],
        esModuleInterop: true,
        isolatedModules: true,
        noEmit: true,
        resolveJsonModule: true,
        plugins: [{ name: 'next' }],
      },
      include: ['**/*.ts', '**/*.tsx'],
    }),
  );
  execFileSync(path.join(dir, 'node_modules/.bin/next'), ['build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '.next' },
  });
  writeFileSync(path.join(dir, 'sizes.json'), wanted);
  return dir;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const int = (n) => Math.round(n).toLocaleString('en-GB');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${n.toFixed(1)} ms`;

const report = [];
try {
  const siteEnv = {
    ALLOW_DEMO_PRODUCTION: '1',
    PGLITE_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    SCREENING_MAX_REQUESTS: '1000000000',
    SCREENING_PREFETCH_MAX_REQUESTS: '1000000000',
  };
  nextStart(root, sitePort, siteEnv);
  await waitForOk(`${SITE}/api/health`);
  await waitForDatabase(SITE);

  // The pages, with a post, an event, a category and a search word taken from the content itself.
  const blog = await html(`${SITE}/blog`);
  const post = /href="(\/blog\/(?!filtered)[^"/?#]+)"/.exec(blog.body)?.[1];
  const events = await html(`${SITE}/events`);
  const event = /href="(\/event\/[^"/?#]+)"/.exec(events.body)?.[1];
  const category = /<option value="(\d+)"/.exec(blog.body)?.[1];
  const word =
    /<h[23][^>]*>(?:<a[^>]*>)?([^<]+)</
      .exec(blog.body)?.[1]
      ?.split(/\s+/)
      .find((w) => /^[A-Za-z]{5,}$/.test(w))
      ?.toLowerCase() ?? 'racism';
  const pages = ['/', post, event, '/events', '/blog', '/contact', '/archive'].filter(Boolean);
  const sizes = [];
  for (const p of pages) {
    // Twice: the first request of a process may render or load the page's code.
    await html(`${SITE}${p}`);
    const page = await html(`${SITE}${p}`);
    if (page.res.headers.get('x-nextjs-cache') === null)
      log(`${p} has no x-nextjs-cache header: is it dynamic?`);
    sizes.push(page.bytes);
  }

  log('building the blank Next app…');
  const blankDir = blankApp(sizes);
  nextStart(blankDir, sitePort + 1);
  await waitForOk(`${BLANK}/`);
  const blankSizes = [];
  for (let i = 0; i < pages.length; i++) blankSizes.push((await html(`${BLANK}/p${i}`)).bytes);
  const blankRoot = (await html(`${BLANK}/`)).bytes;

  // Throughput, interleaved: blank then site for each page, `rounds` times.
  const runs = pages.map(() => ({ site: [], blank: [] }));
  const blankRootRuns = [];
  for (let r = 0; r < rounds; r++) {
    blankRootRuns.push(wrk(`${BLANK}/`));
    for (let i = 0; i < pages.length; i++) {
      runs[i].blank.push(wrk(`${BLANK}/p${i}`));
      runs[i].site.push(wrk(`${SITE}${pages[i]}`));
      log(
        `round ${r + 1}: ${pages[i]} ${int(runs[i].site.at(-1).rps)} vs ${int(runs[i].blank.at(-1).rps)} req/s`,
      );
    }
  }

  // Dynamic views: the first request of each state renders it; then p50 at 20 connections.
  const views = [
    '/blog?page=2',
    category ? `/blog?category=${category}` : null,
    `/blog?q=${encodeURIComponent(word)}`,
    '/es/blog?page=2&order=asc',
    '/archive?page=2',
    '/archive?type=reports',
    `/archive?q=${encodeURIComponent(word)}`,
  ].filter(Boolean);
  const dynamic = [];
  for (const v of views) {
    const first = await html(`${SITE}${v}`);
    const load = wrk(`${SITE}${v}`, 20);
    dynamic.push({ view: v, first: first.ms, bytes: first.bytes, ...load });
    log(`${v}: first ${ms(first.ms)}, p50 ${ms(load.p50)}`);
  }
  stopAll();
  await sleep(1500);

  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  report.push(
    `# Benchmarks ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`node bench/run-all.mjs ${args.join(' ')}\`: wrk -t2 -c${connections} -d${duration}s, ${rounds} round(s), medians; ` +
      `${os.cpus().length} cores, load average at the end ${load}. Blank: a Next 16 App Router app built from the same ` +
      `node_modules, \`/\` = a heading and a link (${kb(blankRoot)}).`,
    '',
    '## Cached pages: `next start` against a blank Next page of the same HTML size (budget >= 0.8x)',
    '',
    '| page | HTML | req/s | p50 | blank page HTML | blank req/s | ratio |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  const blankRootRps = median(blankRootRuns.map((x) => x.rps));
  pages.forEach((p, i) => {
    const site = median(runs[i].site.map((x) => x.rps));
    const blankRps = median(runs[i].blank.map((x) => x.rps));
    const p50 = median(runs[i].site.map((x) => x.p50));
    report.push(
      `| \`${p}\` | ${kb(sizes[i])} | ${int(site)} | ${ms(p50)} | ${kb(blankSizes[i])} | ${int(blankRps)} | ` +
        `**${(site / blankRps).toFixed(2)}x**${site / blankRps >= 0.8 ? '' : ' (under 0.8x)'} |`,
    );
  });
  report.push(
    `| blank \`/\` | ${kb(blankRoot)} | ${int(blankRootRps)} | ${ms(median(blankRootRuns.map((x) => x.p50)))} | | | |`,
    '',
    '## Dynamic views (budget: p50 < 50 ms at 20 connections)',
    '',
    'Each state is rendered on its first request and then served from the route cache until the content changes.',
    '',
    '| view | HTML | first request | req/s (c=20) | p50 (c=20) |',
    '| --- | --- | --- | --- | --- |',
    ...dynamic.map(
      (d) =>
        `| \`${d.view}\` | ${kb(d.bytes)} | ${ms(d.first)} | ${int(d.rps)} | ${ms(d.p50)}${d.p50 < 50 ? '' : ' (over)'} |`,
    ),
    '',
  );

  const extra = (title, script, argv) => {
    log(`running ${script}…`);
    let text;
    try {
      text = execFileSync(process.execPath, [path.join(root, 'bench', script), ...argv], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    } catch (error) {
      // lighthouse.mjs exits 1 when a page misses a budget: its output is still the figure.
      text = `${error.stdout ?? ''}\n(exit ${error.status ?? '?'})`;
    }
    report.push(`## ${title}`, '', '```', text.trim(), '```', '');
  };
  if (flag('lighthouse'))
    extra('Lighthouse (mobile)', 'lighthouse.mjs', ['--paths', ['/', '/blog', post, '/events'].join(',')]);
  if (flag('first-load-js'))
    extra('First-load JavaScript', 'first-load-js.mjs', ['--path', '/', '--runs', '3', '--baseline']);

  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, report.join('\n'));
  console.log(report.join('\n'));
  log(`written to ${path.relative(root, out)}`);
} finally {
  cleanUp();
}
