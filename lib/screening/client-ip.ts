/**
 * The client's address for rate limiting (pure).
 *
 * Only a header named in `TRUSTED_PROXY_HEADER` is believed, because any client can send any header. For
 * `x-forwarded-for` the last entry is used: it is the one our own proxy appended; earlier entries came from
 * the client. Without a trusted header, `fallback` is used: the address of the socket as `next start` records it.
 */
import type { HeaderReader } from './classify';

export function clientIp(headers: HeaderReader, trustedHeader: string | undefined, fallback: string): string {
  if (trustedHeader) {
    const raw = headers.get(trustedHeader);
    const value = raw?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
    if (value) return normaliseIp(value);
  }
  return normaliseIp(fallback || 'unknown');
}

/** Strips IPv4-mapped IPv6 (`::ffff:1.2.3.4`) and brackets/ports, so one client has one key. */
export function normaliseIp(ip: string): string {
  let out = ip.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(out);
  if (bracketed?.[1]) out = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(out)) out = out.replace(/:\d+$/, '');
  return out.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, '').toLowerCase();
}

/** The address with its host part removed, for logs: `203.0.113.7` → `203.0.113.0`, IPv6 keeps its /48. */
export function maskIp(ip: string): string {
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(ip)) return ip.replace(/\.\d{1,3}$/, '.0');
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::`;
  return ip;
}
