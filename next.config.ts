import path from 'node:path';

import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';

import { routing } from './i18n/routing';
import {
  HERO_WIDTHS,
  IMAGE_QUALITY,
  IMAGE_WIDTHS,
  STOCK_PHOTO_QUALITY,
  imageHostConfig,
  isLoopbackHost,
} from './lib/cms/images';
import { donationOrigin } from './lib/donate/provider';
import { MAX_PROXY_BODY_BYTES } from './lib/security/body-limit';
import { securityHeaders } from './lib/security/headers';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

// next/image may only fetch from the configured WordPress and image hosts (read at build time: changing
// WORDPRESS_URL means a rebuild, which a new content source needs anyway).
const hosts = imageHostConfig(process.env);
const imageHostList = [hosts.wordpressHost, hosts.imageHost, ...(hosts.legacyHosts ?? [])].filter(
  (h): h is string => Boolean(h),
);
const imageOrigins = imageHostList.flatMap((h) => [`https://${h}`, `http://${h}`]);

const nextConfig: NextConfig = {
  // A second build (e.g. the tests' build against the WordPress rig) can live beside the default one.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Version-skew protection across instances and rolling deploys (set the same value for `next build` and every
  // `next start`): assets carry ?dpl=, and a browser holding an older deployment's page reloads instead of
  // calling server actions that no longer exist. Next reads NEXT_DEPLOYMENT_ID itself too; named here so it is seen.
  deploymentId: process.env.NEXT_DEPLOYMENT_ID?.trim() || undefined,
  // `npm test` runs `tsc --noEmit` over the whole project before it builds, twice: it sets this to skip the build's
  // own, identical check (about a minute per build on two cores). Every other build type-checks.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPECHECKED === '1' },
  // PGlite loads its WebAssembly and data files from its own package folder; bundling it has broken before
  // (pglite issues 322, 355), so it stays a plain Node require.
  // pdfkit reads its font metrics (.afm) from its own folder at run time, which a bundle would lose.
  serverExternalPackages: ['@electric-sql/pglite', 'pdfkit'],
  // Screening must tell link prefetches and RSC requests from what a person does; by default Next strips the
  // RSC headers and the `_rsc` query from the request the proxy sees (server/web/adapter.js).
  skipProxyUrlNormalize: true,
  // The ISR / data cache is lib/cache/cache-handler.cjs: with REDIS_URL, rendered pages, data-cache entries and
  // tag invalidations live in Redis, shared by every instance (lib/cache/redis-cache-handler.cjs). Without it,
  // pages are cached in memory only, at most `cacheMaxMemorySize` (least recently used out first), never written to
  // .next/server/route-cache: each new path would otherwise add files until the disk is full
  // (lib/cache/bounded-cache-handler.cjs). Named here for `next build` only (see the default export below); a
  // running server gets it from instrumentation.ts.
  cacheMaxMemorySize: 64 * 1024 * 1024,
  // Next would hash the whole HTML of a cached page on every hit to make its ETag (about a third of the server
  // time of a cached page, issue 20 item 3). The cache handlers give each cached page its ETag once instead, kept
  // in the entry (lib/cache/entry-etag.cjs); nginx answers If-None-Match with it. Static files keep Last-Modified.
  generateEtags: false,
  experimental: {
    // forbidden() (lib/auth requireStaff): a signed-in person without the back-office role gets a real 403 page.
    authInterrupts: true,
    // The root layout sits under the dynamic [locale] segment, so a 404 outside it needs its own page.
    globalNotFound: true,
    // Next buffers the body of every request the proxy runs for, up to this size, and cuts off the rest (its
    // default is 10 MB). 1 MB for every path, the same as Next's own cap on server-action bodies
    // (`serverActions.bodySizeLimit`, left at its 1 MB default); the proxy refuses a larger Content-Length with a
    // 413. The one route that takes more, the 20 MB course-material upload, is outside the proxy's matcher and
    // reads its body with its own cap (app/api/courses/materials/route.ts).
    proxyClientMaxBodySize: MAX_PROXY_BODY_BYTES,
    // Not `inlineCss`: tried for issue 20, it put the 80 KB stylesheet into every page three times (the <style> and
    // twice in the RSC payload), 32 KB → 73 KB compressed and 180 KB → 427 KB to parse for the home page, which
    // delayed the largest paint more than the render-blocking request it saved (bench/lighthouse.mjs).
  },
  images: {
    // Optimised images are kept on disk, least recently used out first past this size (Next's default is half
    // the free disk space).
    maximumDiskCacheSize: 512 * 1024 * 1024,
    // docs/SPEC-NOTES.md §9: responsive widths 320-1920 (hero 640-1920), quality 85 (80 for the stock-photo host), WebP.
    deviceSizes: [...new Set([...IMAGE_WIDTHS, ...HERO_WIDTHS])].sort((a, b) => a - b),
    imageSizes: [96, 160, 256],
    qualities: [STOCK_PHOTO_QUALITY, IMAGE_QUALITY],
    formats: ['image/webp'],
    remotePatterns: imageHostList.map((host) => {
      const [hostname = host, port] = host.split(':');
      return { hostname, ...(port ? { port } : {}), pathname: '/**' };
    }),
    // A WordPress on this machine (the test rig) is a private address, which next/image refuses by default.
    dangerouslyAllowLocalIP: isLoopbackHost(hosts.wordpressHost),
  },
  // docs/SPEC-NOTES.md §2: `/event/{numeric id}` (an old link form) goes to the events list. Answered here, before the proxy
  // and before any render: a redirect thrown while ISR renders a new `[slug]` sent its Location header twice.
  async redirects() {
    const prefixed = routing.locales.filter((l) => l !== routing.defaultLocale).join('|');
    return [
      { source: '/event/:id(\\d+)', destination: '/events', permanent: true },
      { source: `/:locale(${prefixed})/event/:id(\\d+)`, destination: '/:locale/events', permanent: true },
    ];
  },
  async headers() {
    return [
      {
        // An unnamed group, not `/:path*`: with a named parameter Next compiles every header value containing a
        // `:` (the CSP) into a path template on each request, to fill in parameters no value uses (issue 20 item
        // 3: about 2% of a cached page's server time); Next drops unnamed groups' params, so nothing is compiled.
        source: '/(.*)',
        headers: securityHeaders({
          production: process.env.NODE_ENV === 'production',
          imageOrigins,
          formOrigins: [donationOrigin(process.env.DONATION_URL)],
        }),
      },
    ];
  },
};

const CACHE_HANDLER = path.join(process.cwd(), 'lib/cache/cache-handler.cjs');

/**
 * The config for `phase` (Next calls this with its phase constant). `cacheHandler` is set for `next build` only:
 * with it set, `next start` and `next dev` `import()` the handler module twice on every request (NextNodeServer and
 * the route module's getIncrementalCache: ~100-150 µs of a cached page's ~1.3-1.9 ms on the bench machine, issue 20
 * item 3, bench/results). A running server instead gets the same handler class once at start, from
 * instrumentation.ts (lib/cache/install-handler.ts), through the global that Next's IncrementalCache reads when no
 * `cacheHandler` is configured. tests/e2e/request-surface.spec.ts (ETags, nothing written to disk) and
 * tests/e2e/multi (one Redis cache for two instances) fail if a Next upgrade stops reading it.
 */
export default function config(phase: string): NextConfig {
  return withNextIntl({
    ...nextConfig,
    cacheHandler: phase === PHASE_PRODUCTION_BUILD ? CACHE_HANDLER : undefined,
  });
}
