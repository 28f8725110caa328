import { countryCode } from '@/lib/countries';

/**
 * Location prefill for the registration form (docs/SPEC-NOTES.md §7 "Location detection"), done on the server so the visitor's
 * browser never calls a third party. Failures of any kind give `{}`: the form simply starts empty.
 */

export type GeoResult = { country?: string; city?: string };

export type GeoLookupOptions = {
  /** The JSON IP-geolocation endpoint (GEOIP_URL); `{ip}` in it is replaced by the encoded address. */
  url: string | undefined;
  /** Give up after this many milliseconds; default 3000. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

export const GEO_TIMEOUT_MS = 3_000;

/**
 * True for addresses that no geolocation service can place: loopback, private (RFC 1918, fc00::/7), link-local,
 * CGNAT, unspecified, or not an IP at all.
 */
export function isPrivateAddress(ip: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (!ip.includes(':')) return true;
  const lower = ip.toLowerCase();
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

/** True when the endpoint itself runs on this machine (a test or development stand-in). */
export function isLocalEndpoint(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.length <= max ? trimmed : undefined;
};

/**
 * Reads the common response shapes (ipapi.co: country_name/country_code/city; ip-api.com: country/countryCode/
 * city; ipinfo: country as a code) into our list's country code and a city name. Pure.
 */
export async function parseGeoResponse(body: unknown): Promise<GeoResult> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const r = body as Record<string, unknown>;
  let country: string | undefined;
  for (const candidate of [r.country_code, r.countryCode, r.country_name, r.country]) {
    country = await countryCode(candidate);
    if (country) break;
  }
  const city = text(r.city, 100);
  return { ...(country ? { country } : {}), ...(city ? { city } : {}) };
}

/**
 * Looks up where `ip` is. Skips the call (returns `{}`) without an endpoint, and for private or loopback
 * addresses unless the endpoint is itself local (so tests and development can use a stand-in server).
 * Never throws: network errors, timeouts, non-2xx answers and unreadable JSON all give `{}`.
 */
export async function lookupLocation(ip: string, options: GeoLookupOptions): Promise<GeoResult> {
  const { url, timeoutMs = GEO_TIMEOUT_MS, fetchImpl = fetch } = options;
  if (!url) return {};
  if (isPrivateAddress(ip) && !isLocalEndpoint(url)) return {};
  try {
    const target = url.replaceAll('{ip}', encodeURIComponent(ip));
    const res = await fetchImpl(target, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
      redirect: 'error',
    });
    if (!res.ok) return {};
    const raw = await res.text();
    // A geolocation answer is a few hundred bytes; anything huge is not one.
    if (raw.length > 64_000) return {};
    return await parseGeoResponse(JSON.parse(raw));
  } catch {
    return {};
  }
}
