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

/** The rule's options: the restricted paths, deep imports of every domain but `own`, and for components, app/. */
function restrictedImports({ own, components = false } = {}) {
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
  return ['error', { paths: RESTRICTED_PATHS, patterns }];
}

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
      // `"server-only";` as a bare string does nothing; the import form is the one that guards.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExpressionStatement > Literal[value='server-only']",
          message: "Use `import 'server-only'`, not a bare string.",
        },
      ],
      'no-restricted-imports': restrictedImports(),
    },
  },
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
