import { modifyRouteRegex } from 'next/dist/lib/redirect-status';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { describe, expect, it } from 'vitest';

import { PHASE_PRODUCTION_SERVER } from 'next/constants';

import config from '../../next.config';

const nextConfig = config(PHASE_PRODUCTION_SERVER);

/** The `headers()` rules of next.config.ts, each with Next's matcher for its source (as `next start` builds it). */
async function headerRules() {
  const rules = (await nextConfig.headers?.()) ?? [];
  return rules.map((rule) => ({
    ...rule,
    // The options Next's router uses for custom routes (server/lib/router-utils/filesystem.js buildCustomRoute).
    match: getPathMatch(rule.source, {
      strict: true,
      removeUnnamedParams: true,
      regexModifier: (regex) => modifyRouteRegex(regex),
    }),
  }));
}

describe('next.config.ts headers (issue 20 item 3)', () => {
  it('sends the security headers on every path, pages and static files alike', async () => {
    const rules = await headerRules();
    for (const path of [
      '/',
      '/contact',
      '/es/blog/a-post',
      '/_next/static/chunks/a.js',
      '/icon.svg',
      '/a/',
    ]) {
      const keys = rules.filter((r) => r.match(path) !== false).flatMap((r) => r.headers.map((h) => h.key));
      expect(keys, path).toEqual(
        expect.arrayContaining([
          'Content-Security-Policy',
          'X-Content-Type-Options',
          'Referrer-Policy',
          'Permissions-Policy',
          'X-Frame-Options',
          'Cross-Origin-Opener-Policy',
        ]),
      );
    }
  });

  it('matches with no named parameters, so Next sends the values as written instead of compiling them per request', async () => {
    // With parameters, Next runs every header value holding a `:` (the CSP's `data:`, `https://…`) through
    // path-to-regexp's compile on each request (shared/lib/router/utils/prepare-destination.js compileNonPath).
    for (const rule of await headerRules()) {
      for (const path of ['/', '/contact', '/_next/static/chunks/a.js']) {
        const params = rule.match(path);
        if (params !== false) expect(Object.keys(params), `${rule.source} on ${path}`).toEqual([]);
      }
    }
  });
});
