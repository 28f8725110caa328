import { describe, expect, it } from 'vitest';

import { RESERVED_SLUGS, catchAllRedirect } from '@/lib/redirects/catch-all';

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

  it('does not redirect deeper paths, odd characters or broken encodings', () => {
    expect(catchAllRedirect(['a', 'b'])).toBeNull();
    expect(catchAllRedirect([])).toBeNull();
    expect(catchAllRedirect(['has.dot'])).toBeNull();
    expect(catchAllRedirect(['%E0%A4%A'])).toBeNull();
    expect(catchAllRedirect(['x'.repeat(201)])).toBeNull();
  });
});
