import { describe, expect, it } from 'vitest';

import { limitKeyOf, maskIp, networkOf, normaliseIp, resolveClientIp } from '@/lib/rate-limit/client-ip';

describe('resolveClientIp', () => {
  it('uses the last x-forwarded-for entry when that header is trusted', () => {
    const headers = new Headers({ 'x-forwarded-for': '1.1.1.1, 203.0.113.9 , 198.51.100.7' });
    expect(resolveClientIp(headers, 'x-forwarded-for', '10.0.0.1')).toBe('198.51.100.7');
  });

  it('ignores empty trailing entries of a trusted comma list', () => {
    const headers = new Headers({ 'x-forwarded-for': '1.1.1.1, 198.51.100.7,' });
    expect(resolveClientIp(headers, 'x-forwarded-for', '10.0.0.1')).toBe('198.51.100.7');
  });

  it('uses a single-value trusted header such as cf-connecting-ip', () => {
    const headers = new Headers({ 'cf-connecting-ip': '203.0.113.50', 'x-forwarded-for': '9.9.9.9' });
    expect(resolveClientIp(headers, 'cf-connecting-ip', '10.0.0.1')).toBe('203.0.113.50');
  });

  it('falls back to the socket address when the trusted header is absent or empty', () => {
    expect(resolveClientIp(new Headers(), 'cf-connecting-ip', '10.0.0.1')).toBe('10.0.0.1');
    expect(resolveClientIp(new Headers({ 'cf-connecting-ip': '' }), 'cf-connecting-ip', '10.0.0.1')).toBe(
      '10.0.0.1',
    );
  });

  it('ignores an untrusted x-forwarded-for when no trusted header is configured', () => {
    const headers = new Headers({ 'x-forwarded-for': '6.6.6.6', 'cf-connecting-ip': '7.7.7.7' });
    expect(resolveClientIp(headers, undefined, '::ffff:192.0.2.4')).toBe('192.0.2.4');
  });

  it('ignores headers other than the trusted one', () => {
    const headers = new Headers({ 'x-forwarded-for': '6.6.6.6' });
    expect(resolveClientIp(headers, 'cf-connecting-ip', '192.0.2.4')).toBe('192.0.2.4');
  });

  it('normalises the trusted value', () => {
    const headers = new Headers({ 'x-real-ip': '::FFFF:203.0.113.7' });
    expect(resolveClientIp(headers, 'x-real-ip', '10.0.0.1')).toBe('203.0.113.7');
  });

  it('returns "unknown" when there is no address at all', () => {
    expect(resolveClientIp(new Headers(), undefined, '')).toBe('unknown');
  });
});

describe('normaliseIp', () => {
  it.each([
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['192.0.2.1:51234', '192.0.2.1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['  2001:DB8::A  ', '2001:db8::a'],
    ['192.0.2.1', '192.0.2.1'],
    ['::1', '::1'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseIp(input)).toBe(expected);
  });
});

describe('maskIp', () => {
  it('zeroes the last IPv4 octet', () => {
    expect(maskIp('203.0.113.7')).toBe('203.0.113.0');
    expect(maskIp('10.1.2.255')).toBe('10.1.2.0');
  });

  it('truncates IPv6 to its first three groups', () => {
    expect(maskIp('2001:db8:abcd:12:34:56:78:9')).toBe('2001:db8:abcd::');
    expect(maskIp('2001:db8:abcd:12::1')).not.toContain('12');
  });

  it('expands compressed IPv6 before truncating, and drops zone ids', () => {
    expect(maskIp('::1')).toBe('0:0:0::');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(maskIp('2001::abcd:1234:5678')).toBe('2001:0:0::');
    expect(maskIp('fe80::1%eth0')).toBe('fe80:0:0::');
    expect(maskIp('2001:0DB8:0001:2::9')).toBe('2001:db8:1::');
  });

  it('replaces anything that is not an address', () => {
    expect(maskIp('unknown')).toBe('unknown');
    expect(maskIp('not:an:address::x::')).toBe('unknown');
  });
});

describe('limitKeyOf and networkOf (NL1)', () => {
  it('keys IPv6 by its /64 in one spelling, IPv4 and loopback unchanged', () => {
    expect(limitKeyOf('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::');
    expect(limitKeyOf('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::');
    expect(limitKeyOf('2001:db8:0:0:1::1')).toBe('2001:db8::');
    expect(limitKeyOf('fe80::1%eth0')).toBe('fe80::');
    expect(limitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('::1')).toBe('::1');
    expect(limitKeyOf('unknown')).toBe('unknown');
  });

  it('40 addresses of one /64 share one key; their /48 is coarser', () => {
    const ips = Array.from({ length: 40 }, (_, i) => `2001:db8:1:2::${(i * 977).toString(16)}`);
    expect(new Set(ips.map(limitKeyOf)).size).toBe(1);
    expect(networkOf('2001:db8:1:2::1', 48)).toBe('2001:db8:1::');
    expect(networkOf('2001:db8:1:ffff::1', 48)).toBe('2001:db8:1::');
    expect(networkOf('203.0.113.7', 48)).toBeNull();
  });
});
