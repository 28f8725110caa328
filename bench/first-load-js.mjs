#!/usr/bin/env node
/**
 * First-load JavaScript of pages: the compressed bytes of script a browser downloads on a cold load, measured
 * in Debian's Chromium through the DevTools protocol (Network.loadingFinished → encodedDataLength, i.e. bytes
 * on the wire, gzip as `next start` serves them). Next 16's build no longer prints sizes, hence this script.
 * Scripts requested before the page's load event are the first load (what the budget is about); those requested
 * after it are Next's prefetches of the routes linked from the page (in the viewport, on idle), reported apart.
 *
 * Usage: npm run build && node bench/first-load-js.mjs [--paths /,/contact,/login] [--runs 3] [--baseline] [--verbose]
 *   (--path / still works for one page). --baseline also builds a blank Next 16 App Router page (same
 *   node_modules, bench/blank-app.mjs) and measures it in the same run, one blank load before each page's, so the
 *   budget "blank page + 30 KB" (docs/ARCHITECTURE.md §7) is checked against the same machine load; prints a
 *   Markdown table and exits 1 when a page is over budget. --verbose lists each page's scripts.
 * Starts its own servers on localhost (ports 3200/3201) and stops them by PID.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from '@playwright/test';

import { buildBlankApp, startNext, stopNext } from './blank-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const pagePaths = option('paths', option('path', '/')).split(',');
const runs = Number(option('runs', '3'));
const withBaseline = args.includes('--baseline');
const verbose = args.includes('--verbose');
const BUDGET_BYTES = 30 * 1024;

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

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const blankDir = withBaseline ? buildBlankApp() : null;
const site = await startNext(root, 3200, { SCREENING_ENABLED: 'false', ALLOW_DEMO_PRODUCTION: '1' });
const blank = blankDir ? await startNext(blankDir, 3201) : null;
let failed = false;
try {
  const rows = [];
  for (const pagePath of pagePaths) {
    // Warm the ISR cache and any first-render work, so the measured loads are of a served page.
    await fetch(`http://localhost:3200${pagePath}`);
    const blankResult = blank ? await measure('http://localhost:3201/') : null;
    const siteResult = await measure(`http://localhost:3200${pagePath}`);
    rows.push({ pagePath, siteResult, blankResult });
    if (verbose) {
      console.log(`First load of ${pagePath} (median of ${runs} cold loads, compressed bytes on the wire):`);
      for (const [type, n] of Object.entries(siteResult.bytes)) console.log(`  ${type.padEnd(10)} ${kb(n)}`);
      for (const s of siteResult.scripts.sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${kb(s.bytes).padStart(9)}  ${s.url}`);
      console.log(`  prefetched after the load event: ${kb(siteResult.prefetched)}`);
      for (const s of siteResult.prefetchedScripts.sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${kb(s.bytes).padStart(9)}  ${s.url}`);
    }
  }
  console.log(
    `\n| page | first-load scripts | blank Next page | difference | prefetched after load |\n| --- | --- | --- | --- | --- |`,
  );
  for (const { pagePath, siteResult, blankResult } of rows) {
    const diff = blankResult ? siteResult.bytes.script - blankResult.bytes.script : null;
    if (diff !== null && diff > BUDGET_BYTES) failed = true;
    const verdict = diff === null ? '' : diff <= BUDGET_BYTES ? ' (within +30 KB)' : ' (OVER +30 KB)';
    console.log(
      `| \`${pagePath}\` | ${kb(siteResult.bytes.script)} | ${blankResult ? kb(blankResult.bytes.script) : '–'} | ${diff === null ? '–' : `${diff >= 0 ? '+' : ''}${kb(diff)}${verdict}`} | ${kb(siteResult.prefetched)} |`,
    );
  }
} finally {
  stopNext(site);
  if (blank) stopNext(blank);
  if (blankDir) rmSync(blankDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
