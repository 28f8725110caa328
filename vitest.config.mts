import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

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
    // next-intl's ESM build imports `next/navigation` without an extension, which Node's resolver rejects when the
    // package is externalised; inlining it lets Vite resolve that import (needed by components/layout/nav-link.tsx).
    server: { deps: { inline: ['next-intl'] } },
    // The integration tests need the WordPress rig; `npm test` boots it and sets TEST_WORDPRESS_URL.
    include: ['tests/unit/**/*.test.ts', ...(process.env.TEST_WORDPRESS_URL ? ['tests/integration/**/*.test.ts'] : [])],
  },
});
