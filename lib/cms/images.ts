/**
 * Image URL rules of docs/SPEC-NOTES.md §9, pure (used by reshape, by components and by next.config for remote patterns).
 * - Hosts: URLs on a legacy host or on the WordPress host are rewritten to the images host when one is set
 *   (`WORDPRESS_IMAGE_HOST`, e.g. a CDN in front of wp-content/uploads), keeping the path.
 * - Sizing and proxy parameters (`fit, ssl, w, h, crop, quality, resize`, added by Jetpack/Photon and CDNs) are
 *   stripped: next/image sizes the image itself.
 */

export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1920] as const;
export const HERO_WIDTHS = [640, 768, 1024, 1280, 1920] as const;
export const IMAGE_QUALITY = 85;
/** The stock-photo host gets a lower quality (docs/SPEC-NOTES.md §9). */
export const STOCK_PHOTO_HOST = 'images.unsplash.com';
export const STOCK_PHOTO_QUALITY = 80;

const STRIPPED_PARAMS = ['fit', 'ssl', 'w', 'h', 'crop', 'quality', 'resize'];

export type ImageHostConfig = {
  /** Host of the WordPress site (from WORDPRESS_URL), e.g. `cms.example.org`. */
  wordpressHost?: string;
  /** Host to serve images from, e.g. `images.example.org`. */
  imageHost?: string;
  /** Old hosts whose URLs may still sit in content, mapped to the image host (or the WordPress host). */
  legacyHosts?: readonly string[];
};

/** Rewrites one image URL per the rules above. Site paths (`/content-media/…`) only lose the sizing params. */
export function normalizeImageUrl(raw: string, config: ImageHostConfig = {}): string {
  const value = raw.trim();
  if (!value) return '';
  if (value.startsWith('/') && !value.startsWith('//')) {
    const url = new URL(value, 'http://site.invalid');
    for (const p of STRIPPED_PARAMS) url.searchParams.delete(p);
    return `${url.pathname}${url.search}`;
  }
  let url: URL;
  try {
    url = new URL(value.startsWith('//') ? `https:${value}` : value);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
  for (const p of STRIPPED_PARAMS) url.searchParams.delete(p);
  const target = config.imageHost ?? config.wordpressHost;
  const fromLegacy = config.legacyHosts?.includes(url.host) ?? false;
  const fromWordPress = config.imageHost !== undefined && url.host === config.wordpressHost;
  if (target && (fromLegacy || fromWordPress)) {
    const to = new URL(`${config.imageHost ? 'https' : url.protocol.replace(':', '')}://${target}`);
    url.protocol = to.protocol;
    url.hostname = to.hostname;
    url.port = to.port;
  }
  return url.toString();
}

/** next/image quality for a URL: 80 on the stock-photo host, else 85. */
export function imageQuality(url: string): number {
  return url.includes(`//${STOCK_PHOTO_HOST}/`) ? STOCK_PHOTO_QUALITY : IMAGE_QUALITY;
}

/** Reads the image host settings from an environment record (next.config and lib/cms share this). */
export function imageHostConfig(source: Record<string, string | undefined>): ImageHostConfig {
  const host = (value: string | undefined) => {
    if (!value?.trim()) return undefined;
    try {
      return new URL(value.includes('://') ? value : `https://${value}`).host;
    } catch {
      return undefined;
    }
  };
  return {
    wordpressHost: host(source.WORDPRESS_URL),
    imageHost: host(source.WORDPRESS_IMAGE_HOST),
    legacyHosts: (source.WORDPRESS_LEGACY_IMAGE_HOSTS ?? '')
      .split(',')
      .map((h) => host(h))
      .filter((h): h is string => Boolean(h)),
  };
}

/** True for hosts on this machine (next/image refuses to optimise those unless told to). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\./.test(name);
}
