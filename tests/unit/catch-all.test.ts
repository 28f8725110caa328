import { describe, expect, it } from 'vitest';

import { RESERVED_SLUGS, ROUTE_ALIASES, catchAllRedirect } from '@/lib/redirects/catch-all';

describe('catchAllRedirect', () => {
  it('sends an unreserved slug to the blog', () => {
    expect(catchAllRedirect(['anything-unreserved'])).toBe('/blog/anything-unreserved');
    expect(catchAllRedirect(['Mixed-Case'])).toBe('/blog/mixed-case');
  });

  it('keeps non-Latin WordPress slugs, re-encoded', () => {
    expect(catchAllRedirect([encodeURIComponent('café-noir')])).toBe(
      `/blog/${encodeURIComponent('café-noir')}`,
    );
  });

  it('does not redirect reserved slugs from the spec', () => {
    for (const slug of [
      'about',
      'contact',
      'events',
      'event',
      'studio',
      'privacy-policy',
      'thank-you',
      'sitemap.xml',
      'robots.txt',
    ]) {
      expect(RESERVED_SLUGS.has(slug)).toBe(true);
      expect(catchAllRedirect([slug])).toBeNull();
    }
  });

  it('sends the addresses people guess to the pages the site has (issue 33 item 6)', () => {
    expect(catchAllRedirect(['help'])).toBe('/get-help');
    expect(catchAllRedirect(['Help'])).toBe('/get-help');
    expect(catchAllRedirect(['privacy'])).toBe('/privacy-policy');
    expect(catchAllRedirect(['cookies'])).toBe('/privacy-policy#cookies-and-local-storage');
    expect(catchAllRedirect(['volunteer'])).toBe('/community');
    expect(catchAllRedirect(['donation'])).toBe('/donate');
    // Every alias leads to a reserved page, never back into the catch-all.
    for (const [slug, target] of Object.entries(ROUTE_ALIASES)) {
      expect(RESERVED_SLUGS.has(slug), slug).toBe(false);
      expect(RESERVED_SLUGS.has(target.slice(1).split('#')[0]!), target).toBe(true);
    }
    // Every other slug keeps the spec's rule, including ones that merely start like an alias.
    expect(catchAllRedirect(['helpful-tips'])).toBe('/blog/helpful-tips');
    expect(catchAllRedirect(['constructor'])).toBe('/blog/constructor');
    expect(catchAllRedirect(['toString'])).toBe('/blog/tostring');
    expect(catchAllRedirect(['help', 'me'])).toBeNull();
  });

  it('does not redirect deeper paths, odd characters or broken encodings', () => {
    expect(catchAllRedirect(['a', 'b'])).toBeNull();
    expect(catchAllRedirect([])).toBeNull();
    expect(catchAllRedirect(['has.dot'])).toBeNull();
    expect(catchAllRedirect(['%E0%A4%A'])).toBeNull();
    expect(catchAllRedirect(['x'.repeat(201)])).toBeNull();
  });
});
