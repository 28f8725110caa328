import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';

// Every UI link must keep the locale prefix (the wrappers of @/i18n/navigation), and heavy client libraries stay off
// the first load.
const RESTRICTED_PATHS = [
  { name: 'next/link', message: 'Import Link from @/i18n/navigation.' },
  {
    name: 'next/navigation',
    importNames: ['redirect', 'permanentRedirect', 'useRouter', 'usePathname'],
    message: 'Import from @/i18n/navigation.',
  },
  {
    name: 'lucide-react',
    message:
      'Import icons from @/components/icons/icons (server) or island-icons (browser): lucide-react 1.x renders through a client component that adds its runtime to every page (issue 20).',
  },
  {
    name: 'next-themes',
    message: 'Import useTheme from @/components/layout/theme-provider (issue 20: off the first load).',
  },
  {
    name: 'ioredis',
    message:
      "Import Redis from @/lib/cache/ioredis: it keeps V8's String.prototype fast after ioredis subclasses String (issue 20).",
  },
];

/**
 * The write-side domains of lib/: outside its folder, a domain is reached only through its server entry
 * (`@/lib/<domain>`, index.ts), its client-safe entry (`@/lib/<domain>/shared`), its server actions
 * (`@/lib/<domain>/actions`) and, for a form, its zod schemas (`@/lib/<domain>/schema`, which islands load on demand) - docs/ARCHITECTURE.md §1 "The arrows". Tests may reach inside.
 */
const DOMAINS = ['courses', 'storage', 'enquiries', 'volunteers', 'newsletter', 'mailing', 'redirects'];

/**
 * The rule's options: the restricted paths, deep imports of every domain but `own`, for components app/, for pages
 * the database (rule 2 below), and outside lib/db the query builder (rule 3: `db = true` lifts it inside lib/db).
 */
function restrictedImports({ own, components = false, page = false, db = false } = {}) {
  const domains = DOMAINS.filter((domain) => domain !== own);
  const patterns = [
    {
      regex: `^@/lib/(${domains.join('|')})/(?!(shared|schema|actions)$)`,
      message:
        'Import a domain through its entry: @/lib/<domain> (server), @/lib/<domain>/shared (client-safe) or @/lib/<domain>/actions.',
    },
  ];
  if (components) {
    patterns.push({
      group: ['@/app', '@/app/**'],
      message: 'Components may not import from app/: import server actions from lib/<domain>/actions.ts.',
    });
  }
  if (page) {
    patterns.push({
      group: ['@/lib/db', '@/lib/db/**'],
      message:
        'Rule 2 (docs/ARCHITECTURE.md §1 "The rules"): a page or layout never reads the tables; read through its module (@/lib/back-office, @/lib/courses, …).',
    });
  }
  if (!db) {
    patterns.push({
      group: ['drizzle-orm', 'drizzle-orm/**'],
      message:
        'Rule 3 (docs/ARCHITECTURE.md §1 "The rules"): SQL and the query builder live in lib/db; add a query function to lib/db/queries and call it through @/lib/db.',
    });
  }
  return ['error', { paths: RESTRICTED_PATHS, patterns }];
}

/**
 * The rules the code cannot break (docs/ARCHITECTURE.md §1 "The rules"; tests/unit/lint-boundaries.test.ts lints a
 * broken copy of each and sees it fail):
 *  1. in lib/, only the pipeline (`action()` / `route()`, lib/safe-action.ts) and the guards themselves (lib/auth)
 *     check the user or parse raw input; a module's operation takes typed input and the user, as lib/courses' do;
 *  2. pages and layouts never import @/lib/db (no-restricted-imports above);
 *  3. SQL only in lib/db: no `sql` template, no query builder call on a database or transaction, no drizzle-orm
 *     import (no-restricted-imports above) anywhere else.
 */
const RULE_1 = 'Rule 1 (docs/ARCHITECTURE.md §1 "The rules"):';
const GUARD_NAMES = '/^(checkUser|checkStaff|checkAdmin|requireUser|requireStaff|requireAdmin)$/';
const GUARD_CALLS = [
  {
    selector: `CallExpression[callee.name=${GUARD_NAMES}]`,
    message: `${RULE_1} only action() and route() (lib/safe-action.ts) check the user in lib/; take \`{ user }\` from the pipeline's context.`,
  },
  {
    selector: `CallExpression[callee.property.name=${GUARD_NAMES}]`,
    message: `${RULE_1} only action() and route() (lib/safe-action.ts) check the user in lib/; take \`{ user }\` from the pipeline's context.`,
  },
];
const PARSE_CALLS = [
  {
    selector:
      'CallExpression[callee.property.name=/^(safeParse|safeParseAsync|parse|parseAsync|spa)$/]:not([callee.object.name=/^(JSON|Date|URL|path|Number|Intl)$/])',
    message: `${RULE_1} only action() and route() parse input in lib/: give the operation a \`schema\` and let the pipeline parse. Parsing what is not a request's input belongs to a file in NOT_REQUEST_INPUT (eslint.config.mjs) with its reason.`,
  },
];
const RULE_3 = 'Rule 3 (docs/ARCHITECTURE.md §1 "The rules"): SQL only in lib/db;';
const DATABASE = '/^(db|tx|trx|database)$/';
const SQL_OUTSIDE_DB = [
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: `${RULE_3} write the query in lib/db/queries and call it through @/lib/db.`,
  },
  {
    selector: "CallExpression[callee.object.name='sql']",
    message: `${RULE_3} write the query in lib/db/queries and call it through @/lib/db.`,
  },
  {
    selector: `CallExpression[callee.property.name=/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|batch)$/][callee.object.name=${DATABASE}]`,
    message: `${RULE_3} no query builder on a database or transaction outside it; add a query function to lib/db/queries.`,
  },
  {
    selector: `CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][callee.object.argument.callee.name='getDb']`,
    message: `${RULE_3} no query builder on a database or transaction outside it; add a query function to lib/db/queries.`,
  },
  {
    selector: `MemberExpression[object.name=${DATABASE}][property.name='query']`,
    message: `${RULE_3} no relational query (\`db.query.*\`, \`db.query('…')\`) outside it; add a query function to lib/db/queries.`,
  },
];

/**
 * Files of lib/ that parse with zod what is not a request's input, each with its reason. Keep it short: a new entry
 * needs a reason of this kind, never "a handler parses its own form" (that is the pipeline's job).
 */
const NOT_REQUEST_INPUT = {
  'lib/config/**': 'the process environment, validated once at start-up',
  'lib/cms/**': "WordPress REST answers (a provider's responses), validated before they are reshaped",
  'lib/courses/seed.ts': 'the demo courses, constants in the repository',
  'lib/forms/progressive.ts':
    "re-runs a form's schema after the pipeline refused it, only to show every field's message at once",
  'lib/**/query.ts': "a page's GET query string: read-only, an unknown value falls back to the default",
  'lib/**/filters.ts': "a list page's GET filters: read-only, an unknown value falls back to the default",
};

/**
 * Files that still break rule 1, each with what it waits for. The list only shrinks: tests/unit/lint-boundaries.test.ts
 * fails while an entry no longer breaks the rule (delete it then) and when one is added. Their guard calls and SQL
 * are still refused.
 */
export const RULE_1_PENDING = {
  'lib/assistant/handler.ts':
    'POST /api/assistant parses its JSON body inside the route handler: route() takes no body schema yet',
  'lib/mailing/subscribe-api.ts':
    'POST /api/newsletter/subscribe parses its JSON body inside the route handler (its 400 names the fields): as above',
  'lib/mailing/unsubscribe-api.ts':
    'the RFC 8058 one-click route parses its token from the query inside the route handler: as above',
  'lib/newsletter/actions.ts':
    "the newsletter link pages' confirm and unsubscribe actions read their form outside action() (architecture review step 1)",
};

/** `server-only` as a bare string does nothing; the import form is the one that guards. */
const SERVER_ONLY_IMPORT = {
  selector: "ExpressionStatement > Literal[value='server-only']",
  message: "Use `import 'server-only'`, not a bare string.",
};

/** The no-restricted-syntax setting with these selectors (one setting per file group: a later one replaces it). */
function restrictedSyntax(...groups) {
  return ['error', SERVER_ONLY_IMPORT, ...groups.flat()];
}

/** Where the SQL rule applies: the application's own code (tests and scripts may reach the tables). */
const APP_CODE = ['app/**', 'components/**', 'lib/**', 'i18n/**', 'proxy.ts', 'instrumentation*.ts'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    '.next-wp/**',
    '.next-wp-bare/**',
    '.data/**',
    'node_modules/**',
    'next-env.d.ts',
    'playwright-report/**',
    'test-results/**',
  ]),
  {
    rules: {
      'no-restricted-syntax': restrictedSyntax(),
      'no-restricted-imports': restrictedImports(),
    },
  },
  // The rules (see above). Later entries replace earlier ones for the files they match.
  { files: APP_CODE, rules: { 'no-restricted-syntax': restrictedSyntax(SQL_OUTSIDE_DB) } },
  {
    files: ['lib/**'],
    rules: { 'no-restricted-syntax': restrictedSyntax(SQL_OUTSIDE_DB, GUARD_CALLS, PARSE_CALLS) },
  },
  {
    files: [...Object.keys(NOT_REQUEST_INPUT), ...Object.keys(RULE_1_PENDING)],
    rules: { 'no-restricted-syntax': restrictedSyntax(SQL_OUTSIDE_DB, GUARD_CALLS) },
  },
  // The pipeline and the guards themselves.
  {
    files: ['lib/safe-action.ts', 'lib/auth/**'],
    rules: { 'no-restricted-syntax': restrictedSyntax(SQL_OUTSIDE_DB) },
  },
  { files: ['lib/db/**'], rules: { 'no-restricted-syntax': restrictedSyntax(GUARD_CALLS, PARSE_CALLS) } },
  {
    // Components take server actions from lib/<domain>/actions.ts and never reach into app/: routes depend on
    // components, not the other way round.
    files: ['components/**'],
    rules: { 'no-restricted-imports': restrictedImports({ components: true }) },
  },
  // Inside its own folder a domain imports its modules directly (its entry re-exports them).
  ...DOMAINS.map((own) => ({
    files: [`lib/${own}/**`],
    rules: { 'no-restricted-imports': restrictedImports({ own }) },
  })),
  {
    // Rule 2: pages and layouts read through their module, never the tables.
    files: [
      'app/**/page.tsx',
      'app/**/layout.tsx',
      'app/**/template.tsx',
      'app/**/not-found.tsx',
      'app/**/default.tsx',
    ],
    rules: { 'no-restricted-imports': restrictedImports({ page: true }) },
  },
  {
    // Rule 3: the database layer is where drizzle-orm is imported.
    files: ['lib/db/**'],
    rules: { 'no-restricted-imports': restrictedImports({ db: true }) },
  },
  {
    // Tests exercise modules directly.
    files: ['tests/**'],
    rules: { 'no-restricted-imports': ['error', { paths: RESTRICTED_PATHS }] },
  },
  {
    // The one import of ioredis (lib/cache/string-prototype.cjs says why).
    files: ['lib/cache/ioredis.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The one place that wraps next/link and next/navigation with the locale prefix.
    files: ['i18n/client.tsx', 'i18n/navigation.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
]);
