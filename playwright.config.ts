import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against `next start` (run `npm run build` first; `npm test` does).
 * Three servers from the same build:
 *  - 3100: the site with screening limits raised, so test traffic is never blocked;
 *  - 3101: default screening limits, client address from a trusted header the tests set per test;
 *  - 3102: a tiny limit and no trusted header, to prove a spoofed X-Forwarded-For does not escape the limit.
 *  - 3103 (only when TEST_WORDPRESS_URL is set): the build in .next-wp, reading the WordPress rig, receiving
 *    its revalidation webhooks; the `wordpress` project's specs run against it.
 *  - 3105 (only when TEST_WORDPRESS_BARE_URL is set): the build in .next-wp-bare, reading a second rig without
 *    the companion plugin (WP_RIG_PLUGIN=inactive, plain permalinks); the `wordpress-bare` project proves the site
 *    builds and serves there (tests/e2e/wordpress/plugin-inactive.spec.ts).
 *  - 3104 (only when TEST_DATABASE_URL is set): the site on that PostgreSQL instead of PGlite; the `postgres`
 *    project runs one journey per form against it, and they read what was stored (tests/e2e/database.ts).
 *  - 3113-3117 (project `multi-instance`, only with PostgreSQL, Redis, the WordPress rig and nginx): not web servers
 *    of this file; tests/e2e/multi/stack.ts starts DEPLOY.md's topology itself (two instances of .next-wp behind
 *    nginx, the outbox worker), because a test stops one of the instances.
 * Each server has its own database: one process owns a PGlite directory. 3100 keeps the embedded default's
 * on-disk PGlite (in .data/e2e-pglite, emptied by scripts/run-tests.sh); the others use an in-memory one.
 * Servers bind to localhost (127.0.0.1 here): see README "Known issues" on `-H 127.0.0.1`.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const wordpressUrl = process.env.TEST_WORDPRESS_URL;
const wordpressBareUrl = process.env.TEST_WORDPRESS_BARE_URL;
/**
 * The rig's application password ("admin:<password>", scripts/wp-rig.sh), which the site on 3103 uses to read drafts
 * for WordPress previews (WORDPRESS_PREVIEW_USER / WORDPRESS_APPLICATION_PASSWORD); empty before the rig boots.
 */
function rigPreviewCredentials(): Record<string, string> {
  try {
    const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');
    const [user = '', ...rest] = readFileSync(path.join(state, 'app-password'), 'utf8').trim().split(':');
    return { WORDPRESS_PREVIEW_USER: user, WORDPRESS_APPLICATION_PASSWORD: rest.join(':') };
  } catch {
    return {};
  }
}
/** The spec of the rig without the companion plugin; the other wordpress specs need the plugin's content. */
const BARE_SPEC = 'wordpress/plugin-inactive.spec.ts';
const databaseUrl = process.env.TEST_DATABASE_URL;
/** Everything tests/e2e/multi/stack.ts needs: PostgreSQL, Redis, the WordPress rig (and its .next-wp build), nginx. */
const multiInstance = Boolean(
  databaseUrl &&
  process.env.TEST_REDIS_URL &&
  wordpressUrl &&
  (existsSync('/usr/sbin/nginx') || existsSync('/usr/bin/nginx')),
);
/**
 * The form specs; in them, the `postgres` project runs the tests tagged @postgres in their title: one journey per form
 * that stores and reads back what it stored (tests/e2e/database.ts), plus what only the PostgreSQL server shows end
 * to end (malformed ids reaching a uuid column, hostile payloads storing nothing, password change and unsubscribe
 * updates). The queries themselves run on both engines in the integration tests (tests/helpers/test-engines.ts).
 */
const FORM_SPECS = [
  'newsletter.spec.ts',
  'contact.spec.ts',
  'community.spec.ts',
  'forms-hostile.spec.ts',
  'forms-no-js.spec.ts',
  'auth.spec.ts',
  'courses.spec.ts',
  'course-admin.spec.ts',
];
/** Test traffic must never hit the screening or per-form limits, except where a spec tests them (3101, 3102). */
const UNLIMITED = {
  SCREENING_MAX_REQUESTS: '1000000',
  SCREENING_PREFETCH_MAX_REQUESTS: '1000000',
  FORM_RATE_LIMIT_MAX: '1000000',
  ASSISTANT_RATE_LIMIT_MAX: '1000000',
  // The hostile-payload spec posts every admin action 16 times as the e2e admin, who is shared by every worker.
  ADMIN_RATE_LIMIT_MAX: '1000000',
};
/**
 * The embedded PGlite belongs to server 3100, so `npm run user:admin` cannot run beside it: there the course-admin
 * spec's admin is this address in ADMIN_EMAILS, new per run (workers inherit it from the runner's environment).
 */
process.env.E2E_ADMIN_EMAIL ??= `e2e-admin-${Date.now().toString(36)}@example.org`;
/**
 * ADMIN_EMAILS addresses no spec signs up as but the pre-hijacking spec, which registers one as an attacker first:
 * one per attempt (`{attempt}` is the retry number), since a retry cannot reuse an address its first try claimed.
 */
process.env.E2E_PREHIJACK_ADMIN_EMAIL ??= `e2e-prehijack-admin-${Date.now().toString(36)}-{attempt}@example.org`;
const prehijackAdmins = [0, 1, 2].map((attempt) =>
  process.env.E2E_PREHIJACK_ADMIN_EMAIL!.replace('{attempt}', String(attempt)),
);
/** Development aid: run the specs against an already running server (e.g. `next dev`) instead of starting three. */
const externalBaseUrl = process.env.E2E_BASE_URL;

function server(port: number, env: Record<string, string>) {
  return {
    command: `npx next start -H localhost -p ${port}`,
    // A static file: the readiness probe must not use up a screening budget.
    url: `http://localhost:${port}/icon.svg`,
    reuseExistingServer: false,
    timeout: 120_000,
    // ALLOW_DEMO_PRODUCTION: these servers are production builds with no SITE_URL on purpose (lib/ops/preflight.ts).
    env: { NODE_ENV: 'production', ALLOW_DEMO_PRODUCTION: '1', ...env },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Explicit, not Playwright's default (half the cores: 1 on the 2-core CI machine, and .ci/run may not set CI):
  // two browsers keep both cores busy while the servers answer.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds scripts/test-timings.mjs (per-project counts and durations).
  reporter: [['list'], ['json', { outputFile: '.data/timings/playwright.json' }]],
  timeout: 60_000,
  use: {
    baseURL: externalBaseUrl ?? 'http://localhost:3100',
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    // Workers take tests in this order. The multi-instance file is serial (one worker, about a minute with its stack's
    // start) and the postgres journeys are long: started first, they run beside the many short chromium tests
    // instead of tailing at the end with the other worker idle. The wordpress projects come last, after the
    // multi-instance file, which edits and reads the same WordPress rig.
    ...(multiInstance
      ? [
          {
            name: 'multi-instance',
            testMatch: 'multi/**/*.spec.ts',
            use: {
              ...devices['Desktop Chrome'],
              baseURL: 'http://localhost:3116',
              launchOptions: { executablePath, args: chromiumArgs },
            },
          },
        ]
      : []),
    ...(databaseUrl
      ? [
          {
            name: 'postgres',
            testMatch: FORM_SPECS,
            // Everything else (what the page shows and the browser validates, accessibility scans, the other
            // variants of a journey) does not depend on the database engine and runs in the chromium project only.
            grep: /@postgres/,
            use: {
              ...devices['Desktop Chrome'],
              baseURL: 'http://localhost:3104',
              launchOptions: { executablePath, args: chromiumArgs },
            },
          },
        ]
      : []),
    {
      name: 'chromium',
      testIgnore: ['wordpress/**', 'multi/**'],
      // With PostgreSQL the @postgres journeys run once, in that project: they store and read back through the same
      // code on either engine, whose queries the integration tests run on PGlite and PostgreSQL alike
      // (tests/helpers/test-engines.ts). Without it they run here, on the embedded PGlite.
      ...(databaseUrl ? { grepInvert: /@postgres/ } : {}),
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
    ...(wordpressUrl
      ? [
          {
            name: 'wordpress',
            testMatch: 'wordpress/**/*.spec.ts',
            testIgnore: BARE_SPEC,
            use: {
              ...devices['Desktop Chrome'],
              baseURL: 'http://localhost:3103',
              launchOptions: { executablePath, args: chromiumArgs },
            },
          },
        ]
      : []),
    ...(wordpressBareUrl
      ? [
          {
            name: 'wordpress-bare',
            testMatch: BARE_SPEC,
            use: {
              ...devices['Desktop Chrome'],
              baseURL: 'http://localhost:3105',
              launchOptions: { executablePath, args: chromiumArgs },
            },
          },
        ]
      : []),
  ],
  webServer: externalBaseUrl
    ? []
    : [
        server(3100, {
          ...UNLIMITED,
          PGLITE_DIR: '.data/e2e-pglite',
          ADMIN_EMAILS: [process.env.E2E_ADMIN_EMAIL, ...prehijackAdmins].join(','),
        }),
        server(3101, { TRUSTED_PROXY_HEADER: 'x-test-client-ip', PGLITE_DIR: 'memory://' }),
        server(3102, {
          SCREENING_MAX_REQUESTS: '5',
          SCREENING_WINDOW_SECONDS: '300',
          PGLITE_DIR: 'memory://',
        }),
        ...(databaseUrl
          ? [server(3104, { ...UNLIMITED, DATABASE_URL: databaseUrl, COURSES_SEED: '1' })]
          : []),
        ...(wordpressUrl
          ? [
              server(3103, {
                NEXT_DIST_DIR: '.next-wp',
                WORDPRESS_URL: wordpressUrl,
                REVALIDATE_SECRET: process.env.TEST_REVALIDATE_SECRET ?? '',
                ...rigPreviewCredentials(),
                PGLITE_DIR: 'memory://',
                ...UNLIMITED,
              }),
            ]
          : []),
        ...(wordpressBareUrl
          ? [
              server(3105, {
                NEXT_DIST_DIR: '.next-wp-bare',
                WORDPRESS_URL: wordpressBareUrl,
                PGLITE_DIR: 'memory://',
                ...UNLIMITED,
              }),
            ]
          : []),
      ],
});
