import { localizeHref } from '@/i18n/client-paths';
import { splitLocale } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';

/** Longest `returnTo` accepted; real site paths are far shorter, and a long one is more likely an attack. */
export const MAX_RETURN_LENGTH = 512;

/** A throwaway origin to resolve against: if resolving leaves it, the value pointed off the site. */
const BASE = 'https://return.invalid';

/** Control characters: C0, DEL, C1, and the Unicode line and bidi controls that disguise a URL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;
/** Whitespace (which browsers strip or fold, changing what a URL means) and the backslash (a slash to browsers). */
const SPACE_OR_BACKSLASH = /[\s\\]/;

function offSite(path: string): boolean {
  return !path.startsWith('/') || path.startsWith('//') || SPACE_OR_BACKSLASH.test(path);
}

/**
 * The path with its dot segments resolved, as the next parser to see the decoded text would resolve it
 * (`/.//evil.example` → `//evil.example`); `//` when it cannot be parsed, so that it counts as off the site.
 */
function resolved(path: string): string {
  try {
    const url = new URL(path, BASE);
    return url.origin === BASE ? url.pathname : '//';
  } catch {
    return '//';
  }
}

/** How many rounds of percent-decoding a path is checked through (`%252F` → `%2F` → `/`). */
const DECODE_ROUNDS = 3;

/**
 * True when `path` (or what it becomes after up to DECODE_ROUNDS rounds of percent-decoding, since a proxy, a
 * framework or a later redirect may decode it again), as it stands or with its dot segments resolved, could leave
 * the site or hide a control character. A
 * malformed escape in the first round is unsafe; in a later round the literal text is what a browser sees, so
 * decoding simply stops there.
 */
function unsafePath(path: string): boolean {
  let current = path;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (offSite(current) || CONTROL.test(current) || offSite(resolved(current))) return true;
    if (!current.includes('%')) return false;
    try {
      current = decodeURIComponent(current);
    } catch {
      return round === 0;
    }
  }
  return false;
}

/**
 * A `returnTo` value reduced to a site path without locale prefix (`/blog?x=1#y`), or null when it is not a
 * plain site-relative path. Accepted: a single leading `/` (never `//` or `/\`), so no scheme or host; no
 * backslash, whitespace or control character; at most MAX_RETURN_LENGTH characters; and it must resolve to the
 * same origin. The path is also checked percent-decoded (`/%2F%2Fevil`, `/%5Cevil`, `%0A`, double-encoded
 * `%252F`), since a proxy or a later redirect may decode it. Dot segments are resolved and any locale prefix
 * dropped (`/es/blog` → `/blog`); the checks run again on what is left, so `/es//evil.example` (which would
 * become `//evil.example`) is refused. Pure; never throws.
 */
export function safeReturnTarget(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_LENGTH) return null;
  if (offSite(value) || CONTROL.test(value)) return null;
  const rawPath = /^[^?#]*/.exec(value)![0];
  try {
    if (CONTROL.test(decodeURIComponent(value))) return null;
  } catch {
    return null;
  }
  if (unsafePath(rawPath)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // The locale is split off only now, so the checks must run again on the path that is left.
  const { path } = splitLocale(url.pathname);
  if (unsafePath(path)) return null;
  return `${path}${url.search}${url.hash}`;
}

/**
 * A redirect target from a query string or form value (`?to=`, `?next=`, `returnTo`), kept in the locale its own
 * prefix names (`/es/blog` stays `/es/blog`, `/blog` stays `/blog`): the one sanitiser every redirect built from
 * request input goes through (tests/unit/redirect-sites.test.ts finds the others). The path is judged by
 * `safeReturnTarget`, so dot segments, encoded or doubled slashes, backslashes and control characters that would
 * lead off the site all give the fallback. Pure; never throws.
 * @returns the site path, or `fallback` (`/` unless given) for anything else.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  const target = safeReturnTarget(value);
  if (target === null) return fallback;
  // safeReturnTarget accepted it, so it is a plain path that parses against the base.
  const { locale } = splitLocale(new URL(value as string, BASE).pathname);
  return localizeHref(locale, target);
}

/**
 * Where a "return" link may point (docs/SPEC-NOTES.md §2 Thank-you `returnTo`): the sanitised path (see `safeReturnTarget`)
 * in `locale`'s prefix (`/blog` → `/es/blog` for Spanish), or the locale's home page for anything else. Pure.
 */
export function safeReturnPath(value: unknown, locale: Locale): string {
  return localizeHref(locale, safeReturnTarget(value) ?? '/');
}
