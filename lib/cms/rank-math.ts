import 'server-only';

import { wpFetch } from './client';
import { CmsError } from './errors';
import { rankMathHeadOf, seoFromRankMathHead, type SeoContext, type SeoFields } from './seo';

/**
 * SEO fields from Rank Math, which (unlike Yoast) puts nothing in the REST answers: its headless support answers
 * `GET /wp-json/rankmath/v1/getHead?url=<permalink>` with the head it would print. One extra (cached, tagged)
 * read per entry, made only for entries without Yoast fields. When WordPress has no such route (no Rank Math, or
 * its headless support is off) that is remembered for the process, so other WordPress sites pay one 404 at most.
 */

const absent = new Set<string>();

/** Forgets which WordPress sites lack the route (tests). */
export function resetRankMath(): void {
  absent.clear();
}

/**
 * The Rank Math head of the entry at `link` (its address on WordPress, e.g. `{WordPress}/?p={id}`), sanitised (seo.ts), or null when there is
 * no Rank Math, no head for that URL, or the read fails. Never throws.
 */
export async function rankMathSeo(
  link: unknown,
  options: { baseUrl: string; timeoutMs: number; tags: string[]; revalidate: number; ctx: SeoContext },
): Promise<SeoFields | null> {
  if (typeof link !== 'string' || !/^https?:\/\//.test(link) || absent.has(options.baseUrl)) return null;
  try {
    const res = await wpFetch(
      '/rankmath/v1/getHead',
      { url: link },
      {
        baseUrl: options.baseUrl,
        timeoutMs: options.timeoutMs,
        retries: 1,
        tags: options.tags,
        revalidate: options.revalidate,
        what: 'SEO head',
      },
    );
    return seoFromRankMathHead(rankMathHeadOf(res.data), options.ctx);
  } catch (error) {
    if (error instanceof CmsError && error.missing?.code === 'rest_no_route') absent.add(options.baseUrl);
    return null;
  }
}
