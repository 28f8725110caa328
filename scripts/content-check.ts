import './load-env';

/**
 * `npm run content:check` – asks the WordPress at WORDPRESS_URL for every REST endpoint the site reads and
 * prints, per endpoint, found / missing / failing with what to do (e.g. "post type team-member missing: activate
 * the LRJN Companion plugin"). Reads the environment (and the .env files, scripts/load-env.ts): `WORDPRESS_URL=https://cms.example.org npm run
 * content:check`. Exit code 1 only when WordPress is unreachable; missing sections are reported, not fatal
 * (the site builds and shows their empty state).
 */
import { env } from '@/lib/config/env';
import { checkContent, formatContentCheck } from '@/lib/cms/content-check';

async function main(): Promise<number> {
  const { WORDPRESS_URL, WORDPRESS_TIMEOUT_MS } = env();
  if (!WORDPRESS_URL) {
    console.log(
      'content:check: WORDPRESS_URL is not set: the site reads the bundled snapshot (content/snapshot); nothing to check.',
    );
    return 0;
  }
  const check = await checkContent(WORDPRESS_URL, { timeoutMs: WORDPRESS_TIMEOUT_MS });
  for (const line of formatContentCheck(check)) console.log(line);
  return check.reachable ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`content:check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
