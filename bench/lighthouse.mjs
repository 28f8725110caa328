#!/usr/bin/env node
/**
 * Lighthouse (mobile, simulated throttling: Lighthouse's default Moto G Power / slow 4G profile) on the pages
 * docs/ARCHITECTURE.md §7 budgets: performance >= 95, accessibility, best practices and SEO 100.
 *
 * Usage: npm run build && node bench/lighthouse.mjs [--paths /,/blog,/event/some-slug] [--runs 3] [--baseline]
 *   [--lcp-budget 1600] [--performance-budget 95] [--keep reportDir] [--port 3300]
 * Starts `next start` on localhost:3300 (or --port; screening off) and stops it by PID. --baseline also builds a blank Next 16
 * App Router app (bench/blank-app.mjs: `/` and a ~150 KB `/big`) on the next port and runs Lighthouse on both of its
 * pages in every round, interleaved with the site's pages (round 1: blank, blank/big, each page; round 2: ...), so
 * the floor is measured under the same machine load; the medians of both go in one table. Lighthouse 12.8.2 (the last release
 * that runs on Node 20) is fetched by `npx` on first use, so it is not an install-time dependency of the site;
 * Chromium is Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium). Prints the median score per category and
 * the main timings; exits 1 if a page misses a budget.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { buildBlankApp, startNext, stopNext } from './blank-app.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
// --port <n>: the site's port (default 3300); the blank app takes the next one, so helpers sharing a machine can
// each keep to their own ports.
const port = Number(option('port', '3300'));
const base = `http://localhost:${port}`;
const blankBase = `http://localhost:${port + 1}`;
const paths = option('paths', '/,/blog,/events').split(',');
const runs = Number(option('runs', '3'));
const withBaseline = args.includes('--baseline');
// --keep <dir>: keep every Lighthouse JSON report there (LCP element, breakdown, render-blocking requests...).
const keepDir = option('keep', undefined);
if (keepDir) mkdirSync(keepDir, { recursive: true });
const lcpBudget = Number(option('lcp-budget', 'Infinity'));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = {
  performance: Number(option('performance-budget', '95')),
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/** Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): try up to 3 times. */
async function lighthouse(url, dir) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, dir);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`  retrying ${url}: ${String(error.stderr ?? error.message).trim()}\n`);
    }
  }
}

let reportCount = 0;
async function lighthouseOnce(url, dir) {
  reportCount += 1;
  const out = path.join(
    keepDir ?? dir,
    `report-${process.pid}-${reportCount}-${url.replace(/[^a-z0-9]+/gi, '_')}.json`,
  );
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
    // Lighthouse's CPU benchmark of this run (higher is faster): simulated timings scale with it.
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    failing,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The optimised-image URLs (`/_next/image?...`) a page's HTML names in `src`, `srcset` and a preload's
 * `imagesrcset`, every width, with entities decoded; relative to the site's origin.
 */
function imageUrls(html) {
  const urls = new Set();
  for (const [, value] of html.matchAll(/(?:src|srcset|imagesrcset)="([^"]*_next\/image[^"]*)"/gi))
    for (const candidate of value.split(',')) {
      const url = candidate.trim().split(/\s+/)[0]?.replaceAll('&amp;', '&');
      if (url?.includes('/_next/image')) urls.add(url.replace(/^https?:\/\/[^/]+/, ''));
    }
  return [...urls];
}

/**
 * Warms what production serves from cache: the page (ISR) and every optimised image it names. Without the
 * images, the first round's largest paint waited for sharp to resize the hero (~400 ms here) and its LCP
 * counted a cost no second visitor pays.
 */
async function warm(origin, pagePath) {
  const html = await (await fetch(origin + pagePath)).text();
  for (const url of imageUrls(html))
    await fetch(origin + url, {
      headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
    }).then((r) => r.arrayBuffer());
}

const blankDir = withBaseline ? buildBlankApp() : null;
const server = await startNext(root, port, { SCREENING_ENABLED: 'false', ALLOW_DEMO_PRODUCTION: '1' });
const blank = blankDir ? await startNext(blankDir, port + 1) : null;
const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
let missed = false;
try {
  // Warm the ISR cache and the image optimiser so the first measured load is served as production serves it.
  for (const p of paths) await warm(base, p);
  const targets = [
    ...(blank
      ? ['/', '/big'].map((p) => ({ label: `blank Next \`${p}\``, url: blankBase + p, blank: true }))
      : []),
    ...paths.map((p) => ({ label: `\`${p}\``, url: base + p, blank: false })),
  ];
  const results = new Map(targets.map((t) => [t.label, []]));
  for (let i = 0; i < runs; i += 1)
    for (const t of targets) {
      const r = await lighthouse(t.url, dir);
      results.get(t.label).push(r);
      process.stderr.write(`  round ${i + 1}: ${t.label} ${r.performance} / LCP ${r.lcp} ms\n`);
    }
  // Each page's LCP over the blank `/big`'s of the same round (the issue-20 budget: at most the blank page of
  // the same HTML size), so a slow round moves both sides of the ratio.
  const bigRuns = blank ? results.get('blank Next `/big`') : null;
  const ratio = (rs) => (bigRuns ? median(rs.map((r, i) => r.lcp / bigRuns[i].lcp)).toFixed(2) : '–');
  const indexes = [...results.values()].flat().map((r) => r.benchmarkIndex);
  console.log(
    `\nLighthouse benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)} over ${indexes.length} runs`,
  );
  console.log(
    `\n| page (median of ${runs}) | performance | accessibility | best practices | SEO | FCP ms | LCP ms | LCP ÷ blank /big | TBT ms | CLS |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const t of targets) {
    const rs = results.get(t.label);
    const m = (key) => median(rs.map((r) => r[key]));
    const row = {
      performance: m('performance'),
      accessibility: m('accessibility'),
      'best-practices': m('best-practices'),
      seo: m('seo'),
    };
    console.log(
      `| ${t.label} | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo} | ${m('fcp')} | ${m('lcp')} | ${ratio(rs)} | ${m('tbt')} | ${m('cls').toFixed(3)} |`,
    );
    if (t.blank) continue;
    const below = Object.entries(BUDGET).filter(([k, min]) => row[k] < min);
    if (m('lcp') > lcpBudget) below.push(['LCP']);
    if (below.length) {
      missed = true;
      console.log(
        `  below budget: ${below.map(([k]) => k).join(', ')}; audits not passing: ${rs[0].failing.join(', ')}`,
      );
    }
  }
} finally {
  stopNext(server);
  if (blank) stopNext(blank);
  if (blankDir) rmSync(blankDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
