import { env } from '@/lib/config/env';
import { createGeoCache } from '@/lib/geo/cache';
import { lookupLocation } from '@/lib/geo/lookup';
import { clientIp } from '@/lib/screening/client-ip';
import { createLimiter, type Limiter } from '@/lib/screening/limiter';
import { SOCKET_ADDRESS_HEADER } from '@/lib/screening/socket-address';

// GET /api/geo – the visitor's country (our list's alpha-2 code) and city for the registration form's prefill.
// 200 with `{}` when nothing is known; 429 with `{}` over the client's budget. Per visitor, so never cached by
// browsers or proxies; on the server one lookup per network a day (lib/geo/cache.ts), so nobody can burn the
// provider's quota by calling this in a loop.
export const dynamic = 'force-dynamic';

const cache = createGeoCache();
let limiter: Limiter | undefined;

/** The public forms' budget (FORM_RATE_LIMIT_*), counted separately under 'geo' (shared through REDIS_URL). */
function geoLimiter(): Limiter {
  const e = env();
  limiter ??= createLimiter({
    points: e.FORM_RATE_LIMIT_MAX,
    durationSeconds: e.FORM_RATE_LIMIT_WINDOW_SECONDS,
    keyPrefix: 'form:geo',
    redisUrl: e.REDIS_URL,
  });
  return limiter;
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function GET(request: Request): Promise<Response> {
  let result = {};
  try {
    const e = env();
    const ip = clientIp(
      request.headers,
      e.TRUSTED_PROXY_HEADER,
      request.headers.get(SOCKET_ADDRESS_HEADER) ?? '',
    );
    const decision = await geoLimiter().consume(`geo:${ip}`);
    if (!decision.allowed) {
      return Response.json(
        {},
        { status: 429, headers: { ...NO_STORE, 'Retry-After': String(decision.retryAfterSeconds) } },
      );
    }
    const cached = cache.get(ip);
    if (cached) {
      result = cached;
    } else {
      result = await lookupLocation(ip, { url: e.GEOIP_URL });
      if (e.GEOIP_URL) cache.set(ip, result);
    }
  } catch {
    result = {};
  }
  return Response.json(result, { headers: NO_STORE });
}
