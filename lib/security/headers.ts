/**
 * Security headers for every response (docs/ARCHITECTURE.md §4, README.md "Security headers").
 *
 * The CSP is static: a per-request nonce would make every page dynamic (about 40× fewer requests/s), so scripts
 * need 'unsafe-inline' for Next's inline hydration data, and server-side sanitising of CMS HTML is the primary
 * XSS control. Pure (no env access) so next.config.ts and proxy.ts can both use it.
 */
export type SecurityHeaderOptions = {
  production: boolean;
  /** Extra origins allowed for images (the WordPress media host, Supabase storage), e.g. `https://cms.example.org`. */
  imageOrigins?: string[];
  /** Origins a form may send the visitor to besides our own: the external donation page (lib/donate/provider.ts). */
  formOrigins?: string[];
};

/** Where YouTube serves video stills (lib/utils/video.ts `youtubeThumbnail`). */
export const YOUTUBE_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

export function contentSecurityPolicy({
  production,
  imageOrigins = [],
  formOrigins = [],
}: SecurityHeaderOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'unsafe-eval' only for the dev server's React refresh tooling.
    'script-src': ["'self'", "'unsafe-inline'", ...(production ? [] : ["'unsafe-eval'"])],
    'style-src': ["'self'", "'unsafe-inline'"],
    // YouTube's still images (hqdefault), shown on click-to-load embeds only after cookie consent is accepted.
    'img-src': ["'self'", 'data:', 'blob:', YOUTUBE_THUMBNAIL_ORIGIN, ...imageOrigins],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(production ? [] : ['ws:'])],
    'media-src': ["'self'", ...imageOrigins],
    // Embeds load only after consent and a click; YouTube's privacy-enhanced host is the one allowed.
    'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The donate form goes through GET /api/donate, which redirects to the donation page: browsers check
    // form-action on that redirect too.
    'form-action': ["'self'", ...formOrigins],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The full header set as name/value pairs. HSTS only in production (browsers ignore it over plain HTTP anyway). */
export function securityHeaders(options: SecurityHeaderOptions): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    ...(options.production
      ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }]
      : []),
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}
