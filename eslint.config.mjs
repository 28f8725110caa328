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
];

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
      'no-restricted-imports': [
        'error',
        {
          paths: RESTRICTED_PATHS,
        },
      ],
    },
  },
  {
    // Components take server actions from lib/<domain>/actions.ts and never reach into app/: routes depend on
    // components, not the other way round. (components/courses follows once the course actions leave app/actions.)
    files: ['components/**'],
    ignores: ['components/courses/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: RESTRICTED_PATHS,
          patterns: [
            {
              group: ['@/app', '@/app/**'],
              message:
                'Components may not import from app/: import server actions from lib/<domain>/actions.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that wraps next/link and next/navigation with the locale prefix.
    files: ['i18n/client.tsx', 'i18n/navigation.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
]);
