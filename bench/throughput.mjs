/**
 * Requests per second of the production stack, against the floors docs/ARCHITECTURE.md §7 sets, all in one run
 * so the machine's load is the same for every figure (`wrk` from Debian: apt-get install wrk):
 *   1. a cached page through nginx (deploy/nginx/lrjn.conf via deploy/nginx-local.sh, two `next start`
 *      instances behind it) vs a bare static server (Node's http, one process) sending the same bytes
 *      (budget >= 0.8x);
 *   2. `next start` alone on that page vs a blank Next 16 page padded to the same HTML size (budget >= 0.8x);
 *   3. the blog list (`/blog`, static ISR) vs its dynamic view (`/blog?page=2`, rendered per request), both
 *      on `next start` alone, with the p50 latency (budget for dynamic views: p50 <= 50 ms at 20 connections).
 * Needs a build (`npm run build`); builds the blank app in a temporary folder. Every server is bound to 127.0.0.1
 * (ports 3113-3117) and stopped at the end. Screening is off for the site (a benchmark is one client).
 *
 * Usage: node bench/throughput.mjs [--path /] [--duration 10] [--connections 50] [--skip-blank]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BLANK_HTML_BASE } from './blank-app.mjs';
import { waitForDatabase, waitForOk } from './ready.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const pagePath = opt('path', '/');
const duration = Number(opt('duration', '10'));
const connections = Number(opt('connections', '50'));
const root = process.cwd();
const work = mkdtempSync(path.join(tmpdir(), 'lrjn-bench-'));
const children = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function start(cmd, argv, options) {
  const child = spawn(cmd, argv, {
    stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'],
    ...options,
  });
  children.push(child);
  return child;
}

/**
 * `next start` of the app in `dir` on localhost:`port`; resolves once it answers. `site`: our app, which is also
 * waited for until its database is open (bench/ready.mjs); the blank app has neither /api/health nor a database.
 */
async function nextStart(dir, port, { site = true } = {}) {
  // The app's own copy of next: the blank app's React must be the one its next loads (one React per server).
  start(path.join(dir, 'node_modules/.bin/next'), ['start', '-H', 'localhost', '-p', String(port)], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      ALLOW_DEMO_PRODUCTION: '1',
      PGLITE_DIR: 'memory://',
      SCREENING_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  await waitForOk(`http://localhost:${port}${site ? '/api/health' : '/'}`);
  if (site) await waitForDatabase(`http://localhost:${port}`);
}

/** wrk's requests/s and median latency (ms) for `url`. */
function wrk(url, c = connections) {
  const out = execFileSync(
    'wrk',
    ['-t2', `-c${c}`, `-d${duration}s`, '--latency', '-H', 'Accept-Encoding: identity', url],
    {
      encoding: 'utf8',
    },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50raw = /\s50%\s+([\d.]+)(us|ms|s)/.exec(out);
  const scale = { us: 0.001, ms: 1, s: 1000 };
  const p50 = p50raw ? Number(p50raw[1]) * scale[p50raw[2]] : NaN;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (non2xx > 0) throw new Error(`${url}: ${non2xx} non-2xx answers`);
  return { rps, p50 };
}

function blankApp(padBytes) {
  const dir = path.join(work, 'blank');
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  // A hard-linked node_modules: Turbopack refuses a symlinked one (bench/first-load-js.mjs does the same).
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'blank', private: true }));
  writeFileSync(path.join(dir, 'next.config.mjs'), 'export default {};\n');
  writeFileSync(
    path.join(dir, 'app/layout.tsx'),
    'export default function L({ children }: { children: React.ReactNode }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    path.join(dir, 'app/page.tsx'),
    `export default function P() { return <main><h1>Blank</h1><p>{${JSON.stringify('x'.repeat(padBytes))}}</p></main>; }\n`,
  );
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
  // Its own node_modules' next, not ours: ours resolves React from this project, the page's from the copy, and two
  // Reacts in one build fail while prerendering ("reading 'useContext' of null").
  execFileSync(path.join(dir, 'node_modules/.bin/next'), ['build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '.next' },
  });
  return dir;
}

let nginxPid;
const results = {};
let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (nginxPid) process.kill(nginxPid, 'SIGTERM');
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    cleanUp();
    process.exit(1);
  });
try {
  await nextStart(root, 3113);
  await nextStart(root, 3114);
  const prefix = path.join(work, 'nginx');
  execFileSync('bash', [path.join(root, 'deploy/nginx-local.sh'), prefix, '3116', '3113', '3114']);
  execFileSync('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')]);
  nginxPid = Number(readFileSync(path.join(prefix, 'nginx.pid'), 'utf8'));

  // The page's exact bytes and type, as nginx serves them from its cache.
  let body = Buffer.alloc(0);
  let cacheStatus = '';
  for (let i = 0; i < 5 && cacheStatus !== 'HIT'; i++) {
    const res = await fetch(`http://localhost:3116${pagePath}`);
    body = Buffer.from(await res.arrayBuffer());
    cacheStatus = res.headers.get('x-cache-status') ?? '';
    if (cacheStatus !== 'HIT')
      console.log(`warm-up ${i}: ${res.status} ${cacheStatus} ${res.headers.get('cache-control')}`);
    await sleep(200);
  }
  if (cacheStatus !== 'HIT') throw new Error(`${pagePath} is not cached by nginx: ${cacheStatus}`);
  // Its own process: wrk runs synchronously here, and a server in this process could not answer meanwhile.
  writeFileSync(path.join(work, 'page.html'), body);
  start(
    process.execPath,
    [
      '-e',
      `const b=require('fs').readFileSync(${JSON.stringify(path.join(work, 'page.html'))});require('http').createServer((q,r)=>{r.writeHead(200,{'Content-Type':'text/html; charset=utf-8','Content-Length':b.length});r.end(b)}).listen(3117,'127.0.0.1')`,
    ],
    {},
  );
  await waitForOk('http://127.0.0.1:3117/');

  results.nginxCached = wrk(`http://localhost:3116${pagePath}`);
  results.staticServer = wrk('http://127.0.0.1:3117/');
  results.nextStart = wrk(`http://localhost:3113${pagePath}`);
  results.blogStatic = wrk('http://localhost:3113/blog', 20);
  results.blogDynamic = wrk('http://localhost:3113/blog?page=2', 20);

  const f = (n) => n.toFixed(0).padStart(7);
  console.log(`Page ${pagePath}: ${body.length} bytes of HTML; wrk -t2 -c${connections} -d${duration}s`);
  console.log(
    `  nginx cache HIT        ${f(results.nginxCached.rps)} req/s   bare static server ${f(results.staticServer.rps)} req/s   ratio ${(results.nginxCached.rps / results.staticServer.rps).toFixed(2)}x (budget >= 0.8x)`,
  );
  console.log(
    `  /blog static (ISR)     ${f(results.blogStatic.rps)} req/s, p50 ${results.blogStatic.p50.toFixed(1)} ms   /blog?page=2 dynamic ${f(results.blogDynamic.rps)} req/s, p50 ${results.blogDynamic.p50.toFixed(1)} ms (20 connections)`,
  );

  if (args.includes('--skip-blank')) {
    cleanUp();
    process.exit(0);
  }
  // A blank Next page of the same HTML size, served alone (the site's instances stopped first).
  for (const child of children.splice(0)) child.kill('SIGTERM');
  await sleep(2000);
  // Half the difference: the padding text is in the markup and again in the RSC payload (until 2026-11-29 the
  // whole difference was padded, and the blank page came out twice the size of ours).
  const dir = blankApp(Math.max(0, Math.round((body.length - BLANK_HTML_BASE) / 2)));
  await nextStart(dir, 3115, { site: false });
  const blankBytes = Buffer.from(await (await fetch('http://localhost:3115/')).arrayBuffer()).length;
  results.blankNext = { ...wrk('http://localhost:3115/'), bytes: blankBytes };
  console.log(
    `  next start alone       ${f(results.nextStart.rps)} req/s   blank Next page (${blankBytes} bytes) ${f(results.blankNext.rps)} req/s   ratio ${(results.nextStart.rps / results.blankNext.rps).toFixed(2)}x (budget >= 0.8x)`,
  );
  console.log(JSON.stringify({ date: new Date().toISOString(), pagePath, bytes: body.length, ...results }));
} finally {
  cleanUp();
}
