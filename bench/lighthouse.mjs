#!/usr/bin/env node
/**
 * Lighthouse (mobile, simulated throttling: Lighthouse's default Moto G Power / slow 4G profile) on the pages
 * docs/ARCHITECTURE.md §7 budgets: performance >= 95, accessibility, best practices and SEO 100.
 *
 * Usage: npm run build && node bench/lighthouse.mjs [--paths /,/blog,/event/some-slug] [--runs 1]
 * Starts `next start` on 127.0.0.1:3300 (screening off) and stops it by PID. Lighthouse 12.8.2 (the last release
 * that runs on Node 20) is fetched by `npx` on first use, so it is not an install-time dependency of the site;
 * Chromium is Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium). Prints the median score per category and
 * the main timings; exits 1 if a page misses a budget.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const port = 3300;
const base = `http://127.0.0.1:${port}`;
const paths = option('paths', '/,/blog,/events').split(',');
const runs = Number(option('runs', '1'));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

async function startServer() {
  const child = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', SCREENING_ENABLED: 'false' },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/icon.svg`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  process.kill(-child.pid, 'SIGTERM');
  throw new Error('next start did not come up');
}

async function lighthouse(url, dir) {
  const out = path.join(dir, 'report.json');
  await run(
    'npx',
    [
      '--yes',
      'lighthouse@12.8.2',
      url,
      `--chrome-path=${chromePath}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromePath } },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const ms = (id) => Math.round(report.audits[id]?.numericValue ?? 0);
  const failing = Object.values(report.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => report.audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? 0,
    failing,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
let missed = false;
try {
  // Warm the ISR cache so the first measured load is a cached page, as in production.
  for (const p of paths) await fetch(base + p);
  console.log(
    '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const p of paths) {
    const results = [];
    for (let i = 0; i < runs; i += 1) results.push(await lighthouse(base + p, dir));
    const m = (key) => median(results.map((r) => r[key]));
    const row = {
      performance: m('performance'),
      accessibility: m('accessibility'),
      'best-practices': m('best-practices'),
      seo: m('seo'),
    };
    console.log(
      `| \`${p}\` | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo} | ${m('fcp')} | ${m('lcp')} | ${m('tbt')} | ${m('cls').toFixed(3)} |`,
    );
    const below = Object.entries(BUDGET).filter(([k, min]) => row[k] < min);
    if (below.length) {
      missed = true;
      console.log(
        `  below budget: ${below.map(([k]) => k).join(', ')}; audits not passing: ${results[0].failing.join(', ')}`,
      );
    }
  }
} finally {
  process.kill(-server.pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
