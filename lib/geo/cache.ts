import { createTtlLru } from '@/lib/cache/ttl-lru';

import type { GeoResult } from './lookup';

/**
 * A per-network cache of geolocation answers, so the third-party lookup (and its quota) is spent once per network
 * a day, not once per request. Keyed by the masked address (`maskAddress`): neighbours on one /24 (IPv4) or /48
 * (IPv6) share a city-level answer. In process memory, bounded (least recently used dropped beyond `max`); a
 * known answer lives `ttlMs` (a day), an empty one (`{}`: unknown address or a failed call) `emptyTtlMs`, so an
 * outage is retried soon but a burst of failures still reaches the provider only once per network.
 */
export type GeoCache = {
  get(ip: string): GeoResult | undefined;
  set(ip: string, result: GeoResult): void;
  readonly size: number;
};

export const GEO_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const GEO_CACHE_EMPTY_TTL_MS = 10 * 60 * 1000;

/** The 8 groups of an IPv6 address as numbers, or null if it is not one (`::` shorthand and a v4 tail allowed). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const v4 = /:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':') : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The network an address belongs to, as the cache key: `81.2.69.0/24` for IPv4 (also IPv4-mapped IPv6),
 * `2001:db8:1::/48` for IPv6; anything else is returned as is. Pure.
 */
export function maskAddress(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

export function createGeoCache({
  ttlMs = GEO_CACHE_TTL_MS,
  emptyTtlMs = GEO_CACHE_EMPTY_TTL_MS,
  max = 50_000,
  now = () => Date.now(),
}: { ttlMs?: number; emptyTtlMs?: number; max?: number; now?: () => number } = {}): GeoCache {
  const entries = createTtlLru<GeoResult>({ max, now });
  return {
    get: (ip) => entries.get(maskAddress(ip)),
    set(ip, result) {
      const empty = !result.country && !result.city;
      entries.set(maskAddress(ip), result, empty ? emptyTtlMs : ttlMs);
    },
    get size() {
      return entries.size;
    },
  };
}
