import 'server-only';

import { missingEndpointWarning } from '../endpoints';
import { CMS_MESSAGES, CmsError } from '../errors';
import { warnOnce } from '../warn-once';
import type { CacheHints, ContentSource, Endpoint, ListQuery, ListResult } from '../source';

/**
 * Wraps the WordPress source so an outage never crashes a page (docs/ARCHITECTURE.md §4): a failed read falls back to the
 * last good answer to the same query in this process, else to the bundled snapshot (which, after
 * `npm run content:export`, is the charity's own content). Every fallback is logged.
 * An endpoint WordPress does not have (CmsError `missing`: an unregistered post type or taxonomy) is an empty
 * collection instead, warned once per endpoint and process, and reported by `isMissing` until it answers. Cached ISR pages keep
 * being served by Next regardless; this covers pages rendered while WordPress is down and the build.
 */
export function resilientSource(
  primary: ContentSource,
  fallback: ContentSource,
  maxRemembered = 500,
): ContentSource {
  const lastGood = new Map<string, unknown>();
  const remember = (key: string, value: unknown) => {
    lastGood.delete(key);
    lastGood.set(key, value);
    if (lastGood.size > maxRemembered) lastGood.delete(lastGood.keys().next().value as string);
  };

  // While WordPress is down (a build, an outage) every read fails the same way: say so once a minute, not per read.
  let quietUntil = 0;
  let quietened = 0;
  const warn = (message: string) => {
    const now = Date.now();
    if (now < quietUntil) {
      quietened++;
      return;
    }
    const suffix = quietened > 0 ? ` (${quietened} similar fallbacks not logged)` : '';
    console.warn(`${message}${suffix}`);
    quietUntil = now + 60_000;
    quietened = 0;
  };

  const missing = new Set<Endpoint>();

  async function guarded<T>(
    endpoint: Endpoint,
    key: string,
    read: () => Promise<T>,
    rescue: () => Promise<T>,
    empty: T,
  ): Promise<T> {
    try {
      const value = await read();
      missing.delete(endpoint);
      remember(key, value);
      return value;
    } catch (error) {
      // No such post type, taxonomy or parameter on this WordPress: the content does not exist (not an outage,
      // so neither the last good answer nor the demo snapshot stands in for it).
      if (error instanceof CmsError && error.missing) {
        missing.add(endpoint);
        warnOnce(
          `missing ${endpoint}`,
          missingEndpointWarning(endpoint, error.missing.code, error.missing.message),
        );
        remember(key, empty);
        return empty;
      }
      // A 4xx (no such route, bad query) or a refused route is an answer, not an outage: let the caller decide.
      if (
        error instanceof CmsError &&
        (isClientError(error.status) || error.message === CMS_MESSAGES.blocked)
      ) {
        throw error;
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (lastGood.has(key)) {
        warn(`[cms] WordPress read failed (${reason}); serving the last good data for ${key}`);
        return lastGood.get(key) as T;
      }
      warn(`[cms] WordPress read failed (${reason}); serving the bundled snapshot for ${key}`);
      return rescue();
    }
  }

  return {
    name: primary.name,
    list(endpoint: Endpoint, query: ListQuery, cache: CacheHints): Promise<ListResult> {
      const key = `list ${endpoint} ${JSON.stringify(query)}`;
      return guarded(
        endpoint,
        key,
        () => primary.list(endpoint, query, cache),
        () => fallback.list(endpoint, query, cache),
        { items: [], total: 0, totalPages: 0 },
      );
    },
    listAll(endpoint: Endpoint, query: ListQuery, cache: CacheHints): Promise<unknown[]> {
      const key = `all ${endpoint} ${JSON.stringify(query)}`;
      return guarded(
        endpoint,
        key,
        () => primary.listAll(endpoint, query, cache),
        () => fallback.listAll(endpoint, query, cache),
        [],
      );
    },
    isMissing(endpoint: Endpoint): boolean {
      return missing.has(endpoint);
    },
  };
}

function isClientError(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}
