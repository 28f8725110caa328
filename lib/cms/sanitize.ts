import sanitizeHtml from 'sanitize-html';

import { normalizeImageUrl, type ImageHostConfig } from './images';

/**
 * Server-side sanitising of CMS HTML (docs/ARCHITECTURE.md §4), applied once when content is
 * read, before it is cached. An allow-list: no scripts, no event handlers, no `style`, no `javascript:` URLs,
 * classes limited to WordPress's block and alignment classes (so content cannot borrow our utility classes to
 * draw an overlay), iframes only from the video hosts below (mirrored in the CSP's frame-src).
 */

export const EMBED_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'youtube.com', 'player.vimeo.com'];

export type SanitizeOptions = ImageHostConfig & {
  /** Origins whose links are really ours (WordPress, the site): rewritten to site-relative paths. */
  internalOrigins?: readonly string[];
};

const WP_CLASSES = [
  'wp-block-*',
  'wp-image-*',
  'wp-embed-*',
  'align*',
  'has-text-align-*',
  'size-*',
  'is-style-*',
  'is-type-*',
  'is-provider-*',
];

/** Sanitises one HTML fragment. Returns '' for empty input. Never throws on malformed HTML. */
export function sanitizeCmsHtml(html: string | null | undefined, options: SanitizeOptions = {}): string {
  if (!html) return '';
  const internal = new Set((options.internalOrigins ?? []).map((o) => o.replace(/\/+$/, '')));
  return withHeadingIds(
    sanitizeHtml(html, {
      allowedTags: [
        ...sanitizeHtml.defaults.allowedTags,
        'img',
        'picture',
        'source',
        'iframe',
        'video',
        'audio',
        'track',
      ],
      allowedAttributes: {
        a: ['href', 'name', 'target', 'rel', 'title', 'hreflang'],
        img: ['src', 'alt', 'width', 'height', 'title', 'loading', 'decoding'],
        iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen'],
        video: ['src', 'controls', 'poster', 'width', 'height', 'preload', 'muted', 'playsinline'],
        audio: ['src', 'controls', 'preload'],
        source: ['src', 'type', 'media'],
        track: ['src', 'kind', 'srclang', 'label', 'default'],
        td: ['colspan', 'rowspan', 'headers'],
        th: ['colspan', 'rowspan', 'scope', 'headers'],
        ol: ['start', 'reversed', 'type'],
        time: ['datetime'],
        blockquote: ['cite'],
        '*': ['class', 'lang', 'dir'],
      },
      allowedClasses: { '*': WP_CLASSES },
      allowedSchemes: ['http', 'https', 'mailto', 'tel'],
      allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'], video: ['http', 'https'] },
      allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
      allowProtocolRelative: false,
      allowedIframeHostnames: EMBED_HOSTS,
      disallowedTagsMode: 'discard',
      transformTags: {
        a: (tagName, attribs) => {
          const next = { ...attribs };
          if (next.href) next.href = internalise(next.href, internal, options);
          if (next.target === '_blank') next.rel = 'noopener noreferrer';
          else delete next.target;
          return { tagName, attribs: next };
        },
        img: (tagName, attribs) => {
          const src = attribs.src ? normalizeImageUrl(attribs.src, options) : '';
          return { tagName, attribs: { ...attribs, src, loading: 'lazy', decoding: 'async' } };
        },
        iframe: (tagName, attribs) => {
          // The privacy-enhanced YouTube host sets no cookies before play.
          const src = (attribs.src ?? '').replace(
            /^https:\/\/(www\.)?youtube\.com\/embed\//,
            'https://www.youtube-nocookie.com/embed/',
          );
          return { tagName, attribs: { ...attribs, src } };
        },
      },
      // An iframe whose src was refused, or an image without a usable src, is dropped entirely.
      exclusiveFilter: (frame) =>
        (frame.tag === 'iframe' && !frame.attribs.src) || (frame.tag === 'img' && !frame.attribs.src),
    }),
  );
}

/**
 * Gives each h2 and h3 of sanitised HTML an id made from its text ('Cookies and local storage' →
 * `cookies-and-local-storage`), so a section can be linked to (the footer's Cookies link points at the privacy
 * notice's). Ids from the CMS never get this far (not on the allow-list); repeats get `-2`, `-3`.
 */
export function withHeadingIds(html: string): string {
  const seen = new Map<string, number>();
  return html.replace(
    /<h([23])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g,
    (whole, level: string, attrs: string, inner: string) => {
      const base = inner
        .replace(/<[^>]*>/g, '')
        .replace(/&[#a-z0-9]+;/gi, ' ')
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
      if (!base) return whole;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const id = n === 1 ? base : `${base}-${n}`;
      return `<h${level} id="${id}"${attrs}>${inner}</h${level}>`;
    },
  );
}

/** `https://cms.example.org/reports/x/?a=1#h` → `/reports/x?a=1#h` when the origin is ours. */
function internalise(href: string, internal: ReadonlySet<string>, hosts: ImageHostConfig): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (!internal.has(url.origin)) return href;
  // Uploaded files stay on WordPress (or its image host); WordPress's own paths are not pages of ours.
  if (url.pathname.startsWith('/wp-content/uploads/')) return normalizeImageUrl(href, hosts) || href;
  if (/^\/wp-(content|admin|includes|json)\//.test(url.pathname) || url.pathname === '/wp-login.php')
    return href;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${pathname}${url.search}${url.hash}`;
}
