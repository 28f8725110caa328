import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

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
    // Emails sent without SMTP are written as .eml files (lib/mailing/transport): keep the tests' ones out of .data/mail.
    env: { MAIL_DIR: path.join(tmpdir(), 'lrjn-vitest-mail') },
    // next-intl's ESM build imports `next/navigation` without an extension, which Node's resolver rejects when the
    // package is externalised; inlining it lets Vite resolve that import (needed by components/layout/nav-link.tsx).
    server: { deps: { inline: ['next-intl'] } },
    // Integration tests all run (PGlite in memory, plus PostgreSQL when TEST_DATABASE_URL is set; local stand-ins
    // for third-party APIs), except Supabase's row-level security, which needs that PostgreSQL, and the WordPress
    // tests, which need the rig.
    // `npm test` boots both rigs and sets the variables.
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // Migrates one PGlite image and one PostgreSQL template database per run, which the test databases copy.
    globalSetup: ['tests/helpers/database-image.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['tests/integration/supabase-rls.test.ts']),
      ...(process.env.TEST_WORDPRESS_URL ? [] : ['tests/integration/wordpress.test.ts']),
    ],
  },
});
