import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * What makes a test file change state that outlives it in a shared worker: module mocks, stubbed globals or
 * environment, spies, fake timers, writes to process.env or globalThis, a changed working directory.
 */
const TOUCHES_SHARED_STATE =
  /vi\.(mock|doMock|hoisted|importActual|stubGlobal|stubEnv|unstubAll|resetModules|spyOn|useFakeTimers|setSystemTime)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]|delete \(?globalThis|process\.chdir/;

/**
 * The unit test files (paths from the repository root) that do none of that: they run in the `unit-shared` project
 * without per-file isolation, so they share one module graph per worker instead of re-importing it per file. Read
 * from the files themselves, so a file that starts mocking moves to the isolated project by itself.
 */
const sharedUnitFiles = readdirSync(path.join(root, 'tests', 'unit'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('tests', 'unit', file))
  .filter((file) => !TOUCHES_SHARED_STATE.test(readFileSync(path.join(root, file), 'utf8')))
  .sort();

// Vite 8 (used by vitest 4) also offers `resolve.tsconfigPaths`; explicit aliases keep the mapping visible and
// let `server-only` (which throws outside Next's react-server condition) resolve to an empty module.
export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^server-only$/,
        replacement: fileURLToPath(new URL('./tests/helpers/server-only.ts', import.meta.url)),
      },
      { find: /^@\//, replacement: root },
    ],
  },
  test: {
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine, idle while the
    // integration tests wait for PostgreSQL, the WordPress rig, Redis or a child process. Files never share
    // state that another file can see (scratch databases, random Redis prefixes, per-test ports), so every core
    // runs one (VITEST_MAX_WORKERS still overrides).
    maxWorkers: Math.max(2, availableParallelism()),
    // Emails sent without SMTP are written as .eml files (lib/mailing/transport): keep the tests' ones out of .data/mail.
    env: { MAIL_DIR: path.join(tmpdir(), 'lrjn-vitest-mail') },
    // next-intl's ESM build imports `next/navigation` without an extension, which Node's resolver rejects when the
    // package is externalised; inlining it lets Vite resolve that import (needed by components/layout/nav-link.tsx).
    server: { deps: { inline: ['next-intl'] } },
    // Integration tests all run (PGlite in memory, plus PostgreSQL when TEST_DATABASE_URL is set; local stand-ins
    // for third-party APIs), except Supabase's row-level security, which needs that PostgreSQL, and the WordPress
    // tests, which need the rig.
    // `npm test` boots both rigs and sets the variables.
    projects: [
      {
        extends: true,
        test: { name: 'unit-shared', include: sharedUnitFiles, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...sharedUnitFiles,
            ...(process.env.TEST_DATABASE_URL ? [] : ['tests/integration/supabase-rls.test.ts']),
            ...(process.env.TEST_WORDPRESS_URL ? [] : ['tests/integration/wordpress.test.ts']),
          ],
          // Migrates one PGlite image and one PostgreSQL template database per run, which the test databases copy.
          globalSetup: ['tests/helpers/database-image.ts'],
        },
      },
    ],
  },
});
