import { describe, expect, it } from 'vitest';

import { isActivePath } from '@/components/layout/nav-link';

describe('isActivePath', () => {
  it('matches the page itself and pages below it', () => {
    expect(isActivePath('/blog', '/blog')).toBe(true);
    expect(isActivePath('/blog/a-post', '/blog')).toBe(true);
    expect(isActivePath('/blog/a/b', '/blog')).toBe(true);
  });

  it('does not match siblings sharing a prefix', () => {
    expect(isActivePath('/blogroll', '/blog')).toBe(false);
    expect(isActivePath('/about', '/blog')).toBe(false);
  });

  it('the home link matches only the home page', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/about', '/')).toBe(false);
  });
});
