/**
 * The repository stands alone: comments, docs, scripts and the README cite only files inside it (CONTRIBUTING.md,
 * Conventions). Scans every tracked text file (`git ls-files`) except lockfiles and the content data in `content/`
 * (its markdown is scanned), and fails, naming file and line, on a citation of the planning documents that were
 * never part of the repository.
 * Also checks that every `docs/ARCHITECTURE.md §N` and `docs/SPEC-NOTES.md §N` citation names a section that exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Citations of documents outside the repository. Built from pieces so this file does not match itself.
 * The planning notes, the shared folder beside the repository, the design and house-style documents, the old spec.
 */
const FORBIDDEN: readonly RegExp[] = [
  new RegExp(['\\.\\.', 'shared'].join('/')),
  new RegExp(['', 'work', 'shared'].join('/')),
  new RegExp(['DESIGN', 'md'].join('\\.')),
  new RegExp(['site-spec', 'md'].join('\\.')),
  new RegExp(['stack', 'notes'].join('-')),
  new RegExp(['perf', 'security\\.md'].join('-')),
  new RegExp(['HOUSE', 'STYLE'].join('-')),
  new RegExp(['\\bnotes', '[\\w.-]+\\.md\\b'].join('/')),
];

/**
 * Files whose bytes are data, not prose or code: lockfiles and the content snapshot and seed (whose WordPress text
 * may say anything). The READMEs under `content/` are docs and are scanned.
 */
const SKIP_PATH =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$|^content\/(?!.*\.md$)/;
const BINARY_EXT = /\.(png|jpe?g|gif|webp|avif|ico|pdf|woff2?|ttf|otf|mp3|mp4|webm|zip|gz)$/i;

/** The first forbidden citation on a line, or null. */
function forbiddenCitation(line: string): string | null {
  for (const pattern of FORBIDDEN) {
    const match = pattern.exec(line);
    if (match) return match[0];
  }
  return null;
}

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\0')
    .filter((f) => f && !SKIP_PATH.test(f) && !BINARY_EXT.test(f) && !f.includes('node_modules/'));
}

function read(file: string): string | null {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path.join(ROOT, file));
  } catch {
    return null; // deleted in the working tree but still in the index
  }
  if (buffer.includes(0)) return null; // binary
  return buffer.toString('utf8');
}

/** Section numbers (`## N.`) of a markdown document. */
function sections(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => m[1] ?? ''));
}

describe('forbiddenCitation', () => {
  it('recognises citations of documents outside the repository', () => {
    const bad = [
      ['see ', 'DESIGN', '.md §4'],
      ['(', 'notes/', 'stack', '-notes.md §0)'],
      ['', '../', 'shared/reviews/x.md'],
      ['See /work/', 'shared/', 'notes', '/x.md'],
      ['(', 'HOUSE', '-STYLE rule 8)'],
      ['spec/', 'site-spec', '.md §2'],
      ['notes/', 'peers', '.md'],
    ].map((parts) => parts.join(''));
    for (const line of bad) expect(forbiddenCitation(line), line).not.toBeNull();
  });

  it('accepts citations of files inside the repository', () => {
    for (const line of [
      ' * Cache tags (docs/ARCHITECTURE.md §4).',
      '// docs/SPEC-NOTES.md §9: 50',
      '# See README.md and `scripts/wp-rig.sh --help`',
      'const notes = note.text; // footnotes/ are fine',
    ]) {
      expect(forbiddenCitation(line), line).toBeNull();
    }
  });
});

describe('repository citations', () => {
  const files = trackedTextFiles();

  it('lists the tracked files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('README.md');
  });

  it('no tracked file cites a document outside the repository', () => {
    const offences: string[] = [];
    for (const file of files) {
      const text = read(file);
      if (text === null) continue;
      text.split('\n').forEach((line, i) => {
        const hit = forbiddenCitation(line);
        if (hit) offences.push(`${file}:${i + 1}: ${hit}`);
      });
    }
    expect(offences).toEqual([]);
  });

  it('every docs/ARCHITECTURE.md §N and docs/SPEC-NOTES.md §N citation names an existing section', () => {
    const known = {
      'docs/ARCHITECTURE.md': sections('docs/ARCHITECTURE.md'),
      'docs/SPEC-NOTES.md': sections('docs/SPEC-NOTES.md'),
    };
    const offences: string[] = [];
    for (const file of files) {
      const text = read(file);
      if (text === null) continue;
      text.split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/(docs\/(?:ARCHITECTURE|SPEC-NOTES)\.md) §(\d+)/g)) {
          const doc = m[1] as keyof typeof known;
          if (!known[doc].has(m[2] ?? '')) offences.push(`${file}:${i + 1}: ${m[0]}`);
        }
      });
    }
    expect(offences).toEqual([]);
  });

  it('every file path cited in comments, docs and the README exists (no stale path after a move)', () => {
    // A path such as lib/mailing/transport/send.ts written in prose or a comment. Paths inside quotes are code
    // (a bench script writing its blank app's page), globs and placeholders (<x>, {x}, *) are skipped.
    const cited =
      /(?<![\w@./'"-])((?:app|lib|components|tests|scripts|deploy|docs|i18n|messages|public|wordpress|supabase|bench|content)\/[\w\-./[\]()]*\.(?:ts|tsx|mjs|cjs|js|md|php|sh|json|sql|css|conf|service|timer|target))(?![\w/])/g;
    const offences: string[] = [];
    for (const file of files) {
      if (file.startsWith('bench/results/') || file.startsWith('tests/fixtures/')) continue;
      const text = read(file);
      if (text === null) continue;
      text.split('\n').forEach((line, i) => {
        for (const m of line.matchAll(cited)) {
          const target = m[1] ?? '';
          if (/[*<>{}]/.test(target)) continue;
          if (!existsSync(path.join(ROOT, target))) offences.push(`${file}:${i + 1}: ${target}`);
        }
      });
    }
    expect(offences).toEqual([]);
  });
});
