/**
 * Redirect rules an editor manages in WordPress (Settings → Site redirects, wordpress/lrjn-companion/includes/
 * redirects.php), checked again here because whatever WordPress sends is untrusted:
 *  - the source is a path on this site (`/old-page`; no `//`, `\`, whitespace, query or fragment; not under `/api/`
 *    or `/_next/`, which no rule may take over);
 *  - the target is a path on this site, or an absolute **https** URL (an editor's explicit choice of another
 *    host); never `http:`, `javascript:`, protocol-relative or credentialed;
 *  - the status is 301, 302, 307 or 308;
 *  - chains are followed at compile time (a visitor gets one hop) and rules that end in a loop are dropped.
 * A rule without a locale (`/old`) also answers under each locale prefix (`/es/old` → `/es/new`); a rule written
 * with a prefix (`/es/old`) answers only there. Matching ignores a trailing slash. Pure.
 */

import { routing } from '@/i18n/routing';

export type RedirectStatus = 301 | 302 | 307 | 308;
export type RedirectRule = { source: string; target: string; status: RedirectStatus };
/** Compiled rules: normalised source path → final target and status. */
export type RedirectTable = ReadonlyMap<string, { target: string; status: RedirectStatus }>;

const STATUSES: ReadonlySet<number> = new Set([301, 302, 307, 308]);
export const MAX_RULES = 2000;
const MAX_LENGTH = 1000;
const MAX_HOPS = 10;

/** A trailing slash off (but `/` stays). */
function trimSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** The normalised source, or null when it is not an acceptable path. */
export function normaliseSource(source: string): string | null {
  if (source.length > MAX_LENGTH || !source.startsWith('/') || source.startsWith('//')) return null;
  if (/[\\?#\s\p{Cc}]/u.test(source)) return null;
  const path = trimSlash(source);
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/') || path === '/_next')
    return null;
  return path;
}

/** The target as it will be sent, or null when it is not allowed. */
export function normaliseTarget(target: string): string | null {
  if (target.length > MAX_LENGTH || /[\\\s\p{Cc}]/u.test(target)) return null;
  if (target.startsWith('/')) return target.startsWith('//') ? null : target;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
  return url.href;
}

/** The path part of a same-site target (`/new?x=1#y` → `/new`), for chain and loop checks. */
function targetPath(target: string): string | null {
  return target.startsWith('/') ? trimSlash(target.split(/[?#]/, 1)[0]!) : null;
}

/**
 * Compiles the plugin's answer (a list of `{source, target, status}`) into a lookup table: invalid rules and loops
 * are left out, chains are flattened to their last target (keeping the first rule's status). Never throws.
 */
export function compileRedirects(data: unknown): RedirectTable {
  const rules = new Map<string, { target: string; status: RedirectStatus }>();
  if (!Array.isArray(data)) return rules;
  for (const raw of data.slice(0, MAX_RULES)) {
    if (!raw || typeof raw !== 'object') continue;
    const { source, target, status } = raw as Record<string, unknown>;
    if (typeof source !== 'string' || typeof target !== 'string') continue;
    const code = typeof status === 'number' ? status : Number(status);
    if (!STATUSES.has(code)) continue;
    const from = normaliseSource(source);
    const to = normaliseTarget(target);
    if (!from || !to || rules.has(from)) continue;
    if (targetPath(to) === from) continue;
    rules.set(from, { target: to, status: code as RedirectStatus });
  }
  const table = new Map<string, { target: string; status: RedirectStatus }>();
  for (const [from, rule] of rules) {
    let target = rule.target;
    const seen = new Set([from]);
    let loops = false;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const next = targetPath(target);
      const further = next === null ? undefined : rules.get(next);
      if (!further || next === null) break;
      if (seen.has(next)) {
        loops = true;
        break;
      }
      seen.add(next);
      target = further.target;
    }
    if (!loops && targetPath(target) !== from) table.set(from, { target, status: rule.status });
  }
  return table;
}

/**
 * The redirect for a request path (as it arrived, percent-encoded) and its query, or null. A same-site target gets
 * the request's locale prefix when the rule matched without one, and the request's query when it has none of its
 * own.
 */
export function matchRedirect(
  table: RedirectTable,
  pathname: string,
  search: string,
): { location: string; status: RedirectStatus } | null {
  if (table.size === 0) return null;
  const path = trimSlash(pathname);
  let rule = table.get(path);
  let locale: string | undefined;
  if (!rule) {
    const [, first, ...rest] = path.split('/');
    if (first && first !== routing.defaultLocale && routing.locales.some((l) => l === first)) {
      rule = table.get(`/${rest.join('/')}`.replace(/\/+$/, '') || '/');
      locale = first;
    }
  }
  if (!rule) return null;
  let location = rule.target;
  if (location.startsWith('/')) {
    if (locale) location = location === '/' ? `/${locale}` : `/${locale}${location}`;
    if (search && search !== '?' && !location.includes('?')) {
      const hash = location.indexOf('#');
      location =
        hash === -1 ? `${location}${search}` : `${location.slice(0, hash)}${search}${location.slice(hash)}`;
    }
  }
  return { location, status: rule.status };
}

/** Old slug → new slug, per WordPress post type, from `GET /lrjn/v1/old-slugs` (`[{type, from, to}]`). Never throws. */
export function compileOldSlugs(data: unknown): Map<string, Map<string, string>> {
  const byType = new Map<string, Map<string, string>>();
  if (!Array.isArray(data)) return byType;
  for (const raw of data.slice(0, 10_000)) {
    if (!raw || typeof raw !== 'object') continue;
    const { type, from, to } = raw as Record<string, unknown>;
    if (typeof type !== 'string' || typeof from !== 'string' || typeof to !== 'string') continue;
    const old = safeDecode(from);
    const current = safeDecode(to);
    if (!old || !current || old === current) continue;
    let map = byType.get(type);
    if (!map) byType.set(type, (map = new Map()));
    // Newest rename first (the plugin's order): an older record of the same old slug does not override it.
    if (!map.has(old)) map.set(old, current);
  }
  return byType;
}

function safeDecode(slug: string): string | null {
  try {
    const decoded = decodeURIComponent(slug);
    return decoded.length > 0 && decoded.length <= 200 ? decoded : null;
  } catch {
    return null;
  }
}

/**
 * `/blog/old-slug/social-image` with the slug replaced: the content slug is the second segment of every post
 * type's route (`/blog/{slug}`, `/event/{slug}`, …). Pure.
 */
export function withNewSlug(path: string, slug: string): string {
  const segments = path.split('/');
  segments[2] = encodeURIComponent(slug);
  return segments.join('/');
}
