#!/usr/bin/env node
/**
 * First-load JavaScript of a page: the compressed bytes of script a browser downloads on a cold load, measured
 * in Debian's Chromium through the DevTools protocol (Network.loadingFinished → encodedDataLength, i.e. bytes
 * on the wire, gzip as `next start` serves them). Next 16's build no longer prints sizes, hence this script.
 * Scripts requested before the page's load event are the first load (what the budget is about); those requested
 * after it are Next's prefetches of the routes linked from the page (in the viewport, on idle), reported apart.
 *
 * Usage: npm run build && node bench/first-load-js.mjs [--path /] [--runs 3] [--baseline]
 *   --baseline also builds a blank Next 16 App Router page (same node_modules) and measures it the same way,
 *   so the budget "blank page + 30 KB" (docs/ARCHITECTURE.md §7) can be checked.
 * Starts its own servers on 127.0.0.1 (ports 3200/3201) and stops them by PID.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const pagePath = option('path', '/');
const runs = Number(option('runs', '3'));
const withBaseline = args.includes('--baseline');

async function startServer(cwd, port) {
  const child = spawn('npx', ['next', 'start', '-H', 'localhost', '-p', String(port)], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', SCREENING_ENABLED: 'false' },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      const res = await fetch(`http://localhost:${port}/`);
      if (res.status < 500) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

function stop(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

async function measure(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Page.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map();
    const urls = new Map();
    const sentAt = new Map();
    let loadAt = Infinity;
    const bytes = { script: 0, document: 0, stylesheet: 0, font: 0, other: 0 };
    const scripts = [];
    let prefetched = 0;
    const prefetchedScripts = [];
    cdp.on('Network.requestWillBeSent', (e) => sentAt.set(e.requestId, e.timestamp));
    cdp.on('Page.loadEventFired', (e) => {
      loadAt = Math.min(loadAt, e.timestamp);
    });
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      urls.set(e.requestId, e.response.url);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const type = (types.get(e.requestId) ?? 'Other').toLowerCase();
      const key = type in bytes ? type : 'other';
      const entry = { url: new URL(urls.get(e.requestId)).pathname, bytes: e.encodedDataLength };
      if (key === 'script' && (sentAt.get(e.requestId) ?? 0) > loadAt) {
        prefetched += e.encodedDataLength;
        prefetchedScripts.push(entry);
        return;
      }
      bytes[key] += e.encodedDataLength;
      if (key === 'script') scripts.push(entry);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    results.push({ bytes, scripts, prefetched, prefetchedScripts });
    await context.close();
  }
  await browser.close();
  results.sort((a, b) => a.bytes.script - b.bytes.script);
  return results[Math.floor(results.length / 2)];
}

function blankApp() {
  // A separate project whose node_modules is a hard-linked copy of ours: Turbopack refuses a symlinked
  // node_modules, and a blank app inside this project would pick up our proxy.ts.
  const dir = path.join(tmpdir(), `blank-next-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'blank', private: true }));
  writeFileSync(path.join(dir, 'next.config.mjs'), 'export default {};\n');
  writeFileSync(
    path.join(dir, 'app/layout.tsx'),
    'export default function L({ children }: { children: React.ReactNode }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    path.join(dir, 'app/page.tsx'),
    'export default function P() { return <main><h1>Blank</h1></main>; }\n',
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
        allowJs: false,
        resolveJsonModule: true,
        incremental: false,
        plugins: [{ name: 'next' }],
      },
      include: ['**/*.ts', '**/*.tsx'],
    }),
  );
  execFileSync('npx', ['next', 'build'], {
    cwd: dir,
    stdio: process.env.BENCH_VERBOSE ? 'inherit' : 'ignore',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  return dir;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const site = await startServer(root, 3200);
let siteResult;
try {
  siteResult = await measure(`http://localhost:3200${pagePath}`);
} finally {
  stop(site);
}
console.log(`First load of ${pagePath} (median of ${runs} cold loads, compressed bytes on the wire):`);
for (const [type, n] of Object.entries(siteResult.bytes)) console.log(`  ${type.padEnd(10)} ${kb(n)}`);
console.log('  scripts:');
for (const s of siteResult.scripts.sort((a, b) => b.bytes - a.bytes))
  console.log(`    ${kb(s.bytes).padStart(9)}  ${s.url}`);
console.log(
  `  prefetched after the load event (linked routes; not first load): ${kb(siteResult.prefetched)}`,
);
for (const s of siteResult.prefetchedScripts.sort((a, b) => b.bytes - a.bytes))
  console.log(`    ${kb(s.bytes).padStart(9)}  ${s.url}`);

if (withBaseline) {
  const dir = blankApp();
  const blank = await startServer(dir, 3201);
  let blankResult;
  try {
    blankResult = await measure('http://localhost:3201/');
  } finally {
    stop(blank);
    rmSync(dir, { recursive: true, force: true });
  }
  const diff = siteResult.bytes.script - blankResult.bytes.script;
  console.log(`Blank Next ${pagePath === '/' ? '' : ''}page scripts: ${kb(blankResult.bytes.script)}`);
  console.log(
    `Site minus blank: ${kb(diff)} (budget: 30.0 KB) → ${diff <= 30 * 1024 ? 'within budget' : 'OVER budget'}`,
  );
}
