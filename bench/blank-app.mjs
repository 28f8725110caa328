/**
 * The baseline the budgets of docs/ARCHITECTURE.md §7 compare with: a blank Next 16 App Router app built from this
 * project's node_modules, in a temporary folder, so a bench measures it in the same run (same machine load, same
 * browser) as the site. Two pages: `/` (a heading) and `/big` (about 150 KB of plain article HTML, the size of our
 * home page, so the cost of the HTML itself is on the baseline's side too).
 *
 * buildBlankApp() returns the folder (throws if the build fails); startNext(dir, port) starts `next start` on
 * localhost:port from the given folder and resolves with the child process once `/` answers (throws after ~30 s).
 * stopNext(child) ends its process group. Used by bench/first-load-js.mjs and bench/lighthouse.mjs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { poll } from './ready.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Varied prose (a fixed pseudo-random word stream), so gzip treats the padding roughly as it treats real text. */
function prose(bytes) {
  const words =
    'community justice leeds network racial climate learning event volunteer support action faith youth report history archive training gathering city people'.split(
      ' ',
    );
  let seed = 7;
  const out = [];
  let size = 0;
  while (size < bytes) {
    const sentence = [];
    for (let i = 0; i < 14; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      sentence.push(words[seed % words.length]);
    }
    const text = `${sentence.join(' ')}.`;
    out.push(text);
    size += text.length + 60;
  }
  return out;
}

/**
 * A blank Next page's HTML without its padding text, in bytes (about). Padding text appears twice in the HTML (the
 * markup and the inline RSC payload), so a blank page of N bytes is padded with (N - BLANK_HTML_BASE) / 2 bytes of
 * text. Used by bench/run-all.mjs and bench/throughput.mjs. (Until 2026-11-29 run-all used 1,700: every blank page
 * came out 3.3 KB bigger than the site page it stands for, and one crossed 128 KiB, where its throughput fell ~20%.)
 */
export const BLANK_HTML_BASE = 5_000;

export function buildBlankApp() {
  const dir = path.join(tmpdir(), `blank-next-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'app/big'), { recursive: true });
  // A hard-linked node_modules: Turbopack refuses a symlinked one, and a blank app inside this project would pick
  // up our proxy.ts.
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
    path.join(dir, 'app/big/page.tsx'),
    `const PARAS = ${JSON.stringify(prose(75_000))};\n` +
      'export default function P() { return <main><h1>Blank</h1>{PARAS.map((p, i) => <article key={i}><h2>Item {i}</h2><p>{p}</p></article>)}</main>; }\n',
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
  // Its own copy's next binary: one React per build (ours would resolve React from this project and fail while
  // prerendering with "reading 'useContext' of null").
  execFileSync(path.join(dir, 'node_modules/.bin/next'), ['build'], {
    cwd: dir,
    stdio: ['ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '.next' },
  });
  return dir;
}

export async function startNext(dir, port, env = {}) {
  const child = spawn(
    path.join(dir, 'node_modules/.bin/next'),
    ['start', '-H', 'localhost', '-p', String(port)],
    {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
      stdio: 'ignore',
      detached: true,
    },
  );
  try {
    await poll(async () => (await fetch(`http://localhost:${port}/`)).status < 500, {
      timeoutMs: 30_000,
      intervalMs: 200,
      message: `next start on ${port} did not come up`,
    });
  } catch (error) {
    stopNext(child);
    throw error;
  }
  return child;
}

export function stopNext(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
