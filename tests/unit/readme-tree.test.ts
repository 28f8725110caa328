/**
 * The README's "What runs where" table matches the tree (issue 15 item 5): every folder under `lib/` and
 * `components/` is named in it (a `components/<area>/` row may list area names in its description), and every path
 * the table names exists. Reads README.md and the working tree; fails naming the folder or path.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The table's rows: [path cell, description cell], from the "What runs where" section of README.md. */
function tableRows(): Array<[string, string]> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## What runs where');
  const end = readme.indexOf('\n## ', start + 1);
  return readme
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => {
      const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
      return [cells[1] ?? '', cells[2] ?? ''];
    });
}

/** The backticked paths of a cell, without wildcard ones (`…`, `<area>`, `*`). */
function pathsIn(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)]
    .map((m) => m[1]!)
    .filter((p) => !/[…<>*]/.test(p) && /^[\w.-]+(\/[\w.[\]-]*)*$/.test(p));
}

function folders(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`);
}

describe('README "What runs where" table', () => {
  const rows = tableRows();
  const named = new Set(rows.flatMap(([cell]) => pathsIn(cell)).map((p) => p.replace(/\/?$/, '/')));
  const areaRow = rows.find(([cell]) => cell.includes('components/<area>/'));
  const areas = new Set(
    [...(areaRow?.[1].match(/\(([^)]*)\)/)?.[1] ?? '').matchAll(/[\w-]+/g)].map((m) => m[0]),
  );

  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it('names every folder under lib/', () => {
    const missing = folders('lib').filter((folder) => !named.has(folder));
    expect(missing).toEqual([]);
  });

  it('names every folder under components/ (by path or in the <area> row)', () => {
    const missing = folders('components').filter(
      (folder) => !named.has(folder) && !areas.has(path.basename(folder)),
    );
    expect(missing).toEqual([]);
  });

  it('names only paths that exist', () => {
    const gone = rows
      .flatMap(([cell]) => pathsIn(cell))
      .filter((p) => !existsSync(path.join(ROOT, p)));
    expect(gone).toEqual([]);
  });
});
