import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

import { securityHeaders } from './lib/security/headers';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Screening must tell link prefetches and RSC requests from what a person does; by default Next strips the
  // RSC headers and the `_rsc` query from the request the proxy sees (server/web/adapter.js).
  skipProxyUrlNormalize: true,
  // The root layout sits under the dynamic [locale] segment, so a 404 outside it needs its own page.
  experimental: { globalNotFound: true },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: securityHeaders({ production: process.env.NODE_ENV === 'production' }),
      },
    ];
  },
};

export default withNextIntl(nextConfig);
