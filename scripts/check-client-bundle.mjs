#!/usr/bin/env node
/**
 * Fails when a secret reached the browser: scans every .js file under `<distDir>/static` (what `next build` serves
 * to clients from /_next/static) for the given key value and for the OpenAI API host, and every prerendered page
 * and RSC payload under `<distDir>/server/app` (.html, .rsc, .body: also sent to browsers) for the key value.
 *
 * Usage: node scripts/check-client-bundle.mjs <distDir> <keyValue>   (e.g. `.next "$CANARY_OPENAI_KEY"`)
 * Exit codes: 0 nothing found; 1 a hit (each file and what it contains is listed); 2 bad usage or no JavaScript
 * found (an empty or missing directory must not pass as "clean").
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const [distDir, keyValue] = process.argv.slice(2);
if (!distDir || !keyValue || keyValue.length < 8) {
  console.error('usage: check-client-bundle.mjs <distDir> <keyValue (8+ characters)>');
  process.exit(2);
}

const NEEDLES = [
  { label: 'the API key value', value: keyValue },
  { label: 'the OpenAI API host', value: 'api.openai.com' },
];

async function* filesUnder(dir, pattern = /\.(?:m?js|cjs)$/) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full, pattern);
    else if (entry.isFile() && pattern.test(entry.name)) yield full;
  }
}

const root = path.join(distDir, 'static');
let scanned = 0;
const hits = [];
for await (const file of filesUnder(root)) {
  scanned++;
  const text = await readFile(file, 'utf8');
  for (const needle of NEEDLES)
    if (text.includes(needle.value)) hits.push(`${path.relative(distDir, file)}: ${needle.label}`);
}

let pages = 0;
for await (const file of filesUnder(path.join(distDir, 'server', 'app'), /\.(?:html|rsc|body)$/)) {
  pages++;
  const text = await readFile(file, 'utf8');
  if (text.includes(keyValue)) hits.push(`${path.relative(distDir, file)}: the API key value`);
}

if (scanned === 0) {
  console.error(`check-client-bundle: no JavaScript under ${root}; build first (refusing to pass vacuously)`);
  process.exit(2);
}
if (hits.length) {
  console.error(`check-client-bundle: found in client JavaScript (${scanned} files scanned):`);
  for (const hit of hits) console.error(`  ${hit}`);
  process.exit(1);
}
console.log(
  `check-client-bundle: ${scanned} client JavaScript files and ${pages} prerendered pages/payloads: no API key value, no api.openai.com in scripts`,
);
