/**
 * The client's address for rate limiting (pure; `clientIp` in lib/rate-limit/index.ts supplies the configured header
 * and the socket address).
 *
 * Only a header named in `TRUSTED_PROXY_HEADER` is believed, because any client can send any header. For
 * `x-forwarded-for` the last entry is used: it is the one our own proxy appended; earlier entries came from
 * the client. Without a trusted header, `fallback` is used: the address of the socket as `next start` records it.
 */
/** Anything with a `get(name)` for request headers (`Headers`, Next's `headers()`). */
export type HeaderReader = { get(name: string): string | null };

/** The address from `trustedHeader` (its last entry) if set and present, else `fallback`, normalised. */
export function resolveClientIp(
  headers: HeaderReader,
  trustedHeader: string | undefined,
  fallback: string,
): string {
  if (trustedHeader) {
    const raw = headers.get(trustedHeader);
    const value = raw
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (value) return normaliseIp(value);
  }
  return normaliseIp(fallback || 'unknown');
}

/**
 * The key a rate limit counts a client under (pure): an IPv4 address as it is; an IPv6 address as its /64
 * network, written as that network's first address (`2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::`), because one
 * IPv6 host is handed a whole /64 and can rotate through its addresses at will, so counting per address would
 * give it 2^64 budgets. Loopback (`::1`) stays itself. IPv4-mapped IPv6 has already become IPv4 in
 * `normaliseIp`. Anything that is not an address (`unknown`) is returned unchanged.
 */
export function limitKeyOf(ip: string): string {
  if (ip === '::1') return ip;
  return networkOf(ip, 64) ?? ip;
}

/**
 * The `bits`-long network of an IPv6 address (64 or 48), written as its first address in short form
 * (`2001:db8:1::`), or null when `ip` is not IPv6. For a coarser, second bucket per /48 (a whole site).
 */
export function networkOf(ip: string, bits: 48 | 64): string | null {
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  const kept = groups.slice(0, bits / 16).map((g) => g.replace(/^0+(?=.)/, '').toLowerCase());
  // Trailing zero groups fold into the `::` too, so every address of the network has one spelling.
  while (kept.length > 0 && kept.at(-1) === '0') kept.pop();
  return `${kept.join(':')}::`;
}

/** Strips IPv4-mapped IPv6 (`::ffff:1.2.3.4`) and brackets/ports, so one client has one key. */
export function normaliseIp(ip: string): string {
  let out = ip.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(out);
  if (bracketed?.[1]) out = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(out)) out = out.replace(/:\d+$/, '');
  return out.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, '').toLowerCase();
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, zone id dropped), or null if it is not one. */
function ipv6Groups(ip: string): string[] | null {
  const address = ip.split('%')[0] ?? '';
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups : null;
}

/**
 * The address with its host part removed, for logs: IPv4 keeps its /24 (`203.0.113.7` → `203.0.113.0`), IPv6
 * its /48 (`2001:db8:1:2::1` → `2001:db8:1::`). Anything else is replaced by `unknown`.
 */
export function maskIp(ip: string): string {
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(ip)) return ip.replace(/\.\d{1,3}$/, '.0');
  const groups = ipv6Groups(ip);
  if (groups)
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
      .join(':')}::`;
  return 'unknown';
}
