import { env } from '@/lib/config/env';
import { createGeoCache } from '@/lib/geo/cache';
import { lookupLocation } from '@/lib/geo/lookup';
import { route } from '@/lib/safe-action';

// GET /api/geo – the visitor's country (our list's alpha-2 code) and city for the registration form's prefill.
// 200 with `{}` when nothing is known; 429 with `{}` over the client's budget. Per visitor, so never cached by
// browsers or proxies; on the server one lookup per network a day (lib/geo/cache.ts), so nobody can burn the
// provider's quota by calling this in a loop.
export const dynamic = 'force-dynamic';

const cache = createGeoCache();

/**
 * Counted against 'geo' (the public forms' budget FORM_RATE_LIMIT_*, apart from the forms; lib/rate-limit) before
 * any lookup; answers `private, no-store` (route() in lib/safe-action.ts).
 */
export const GET = route(
  async (_request, { ip }) => {
    let result = {};
    try {
      const e = env();
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
    return Response.json(result);
  },
  { limit: 'geo', limitedBody: {} },
);
