/**
 * Screening: the per-client rate limit that runs first in `proxy.ts` (docs/ARCHITECTURE.md §3).
 *
 * `SCREENING_MAX_REQUESTS` (default 50) person-initiated requests per `SCREENING_WINDOW_SECONDS` (default 60)
 * per client; framework requests (prefetch, RSC) have their own budget, `SCREENING_PREFETCH_MAX_REQUESTS`
 * (default 1000); static assets never count. Over budget: HTTP 429 with the translated Access Blocked page.
 */
import { splitLocale } from '@/i18n/paths';
import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';

import { blockedPageHtml } from './blocked-page';
import { classifyRequest, type HeaderReader } from './classify';
import { recordScreening } from './log';
import { publicFiles } from './public-files';
import { clientIp, maskIp, rateLimit } from '@/lib/rate-limit';

export { screeningLog, SCREENING_LOG_LIMIT } from './log';

let announced = false;

/** The limiter of `bucket` (lib/rate-limit 'screening:page' / 'screening:framework'); names its store once. */
function limiterFor(bucket: 'page' | 'framework') {
  if (!announced) {
    announced = true;
    console.info(`[screening] limiter store: ${env().REDIS_URL ? 'redis' : 'in-process memory'}`);
  }
  return rateLimit(bucket === 'page' ? 'screening:page' : 'screening:framework');
}

export type ScreeningInput = {
  pathname: string;
  search: URLSearchParams;
  headers: HeaderReader;
  /** The request method (GET when omitted); only GET can be a framework request. */
  method?: string;
};

/**
 * Counts one request. Returns `null` when it may proceed, or the 429 `Response` (HTML, `Retry-After`,
 * `Cache-Control: no-store`) when the client is over budget.
 */
export async function screenRequest({
  pathname,
  search,
  headers,
  method,
}: ScreeningInput): Promise<Response | null> {
  const e = env();
  if (!e.SCREENING_ENABLED) return null;
  const bucket = classifyRequest(pathname, search, headers, { method, publicFiles: publicFiles() });
  if (bucket === 'exempt') return null;

  const ip = clientIp(headers);
  const decision = await limiterFor(bucket).consume(ip);
  if (decision.allowed) return null;

  recordScreening({
    at: new Date().toISOString(),
    ip: maskIp(ip),
    path: pathname,
    bucket,
    outcome: 'blocked',
  });
  const { locale } = splitLocale(pathname);
  return new Response(blockedPageHtml(locale, decision.retryAfterSeconds, siteConfig().name), {
    status: 429,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(decision.retryAfterSeconds),
    },
  });
}
