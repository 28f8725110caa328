// The tests' content snapshot: the bundled one (content/snapshot) with the test fixtures' items added.
//
// Takes: content/snapshot/*.json and tests/fixtures/snapshot/*.json (arrays of WordPress REST items, e.g. the
// hostile-markup post, which must never ship in the bundled content, feed or sitemap).
// Writes: .data/test-snapshot/ (or the folder given as the first argument): every bundled file, with each fixture
// file's items appended to the file of the same name. Point CONTENT_SNAPSHOT_DIR at it (scripts/run-tests.sh
// does, for the production build and the end-to-end tests). Fails if a fixture's id or slug is already taken.
// Run: node scripts/test-snapshot.mjs [out-dir]

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundled = path.join(root, 'content', 'snapshot');
const fixtures = path.join(root, 'tests', 'fixtures', 'snapshot');
const out = path.resolve(process.argv[2] ?? path.join(root, '.data', 'test-snapshot'));

const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const name of readdirSync(bundled).filter((f) => f.endsWith('.json'))) {
  writeFileSync(path.join(out, name), readFileSync(path.join(bundled, name)));
}
for (const name of readdirSync(fixtures).filter((f) => f.endsWith('.json'))) {
  const target = path.join(out, name);
  let items = [];
  try {
    items = read(target);
  } catch {
    // A post type the bundled snapshot does not have: the fixture starts the file.
  }
  for (const item of read(path.join(fixtures, name))) {
    if (items.some((i) => i.id === item.id || (i.slug === item.slug && item.slug))) {
      throw new Error(
        `tests/fixtures/snapshot/${name}: id ${item.id} or slug ${item.slug} is already in the snapshot`,
      );
    }
    items.push(item);
  }
  writeFileSync(target, JSON.stringify(items));
  console.log(`${name}: ${items.length} items`);
}
console.log(`test snapshot in ${path.relative(root, out) || out}`);
