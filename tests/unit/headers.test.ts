import { describe, expect, it } from 'vitest';

import { contentSecurityPolicy, securityHeaders } from '@/lib/security/headers';

function headerMap(production: boolean, imageOrigins?: string[]) {
  return new Map(securityHeaders({ production, imageOrigins }).map(({ key, value }) => [key, value]));
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('securityHeaders', () => {
  it('production: locked-down CSP and HSTS', () => {
    const h = headerMap(true);
    const csp = h.get('Content-Security-Policy');
    expect(csp).toBeDefined();
    const d = directives(csp ?? '');
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(d.get('connect-src')).not.toContain('ws:');
    expect(h.get('Strict-Transport-Security')).toMatch(/max-age=\d{7,}/);
  });

  it('always sets the basic hardening headers', () => {
    for (const production of [true, false]) {
      const h = headerMap(production);
      expect(h.get('X-Content-Type-Options')).toBe('nosniff');
      expect(h.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(h.get('Permissions-Policy')).toContain('camera=()');
      expect(h.get('X-Frame-Options')).toBe('DENY');
    }
  });

  it('development: no HSTS, CSP allows eval for tooling', () => {
    const h = headerMap(false);
    expect(h.has('Strict-Transport-Security')).toBe(false);
    const d = directives(h.get('Content-Security-Policy') ?? '');
    expect(d.get('script-src')).toContain("'unsafe-eval'");
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('adds image origins to img-src', () => {
    const d = directives(
      contentSecurityPolicy({
        production: true,
        imageOrigins: ['https://cms.example.org', 'https://media.example.net'],
      }),
    );
    expect(d.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://i.ytimg.com',
      'https://cms.example.org',
      'https://media.example.net',
    ]);
    expect(d.get('script-src')).not.toContain('https://cms.example.org');
  });

  it("without image origins img-src is self, data:, blob: and YouTube's stills only", () => {
    const d = directives(contentSecurityPolicy({ production: true }));
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']);
  });

  it('has no duplicate header names', () => {
    const list = securityHeaders({ production: true });
    expect(new Set(list.map((h) => h.key.toLowerCase())).size).toBe(list.length);
  });
});
