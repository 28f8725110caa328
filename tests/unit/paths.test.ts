import { describe, expect, it } from 'vitest';

import { localizedPath, splitLocale } from '@/i18n/paths';

describe('localizedPath', () => {
  it('leaves English unprefixed', () => {
    expect(localizedPath('en', '/about')).toBe('/about');
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('en', '')).toBe('/');
    expect(localizedPath('en', '/about/')).toBe('/about');
    expect(localizedPath('en', 'about')).toBe('/about');
  });

  it.each(['es', 'fr', 'pt'] as const)('prefixes %s', (locale) => {
    expect(localizedPath(locale, '/about')).toBe(`/${locale}/about`);
    expect(localizedPath(locale, '/')).toBe(`/${locale}`);
    expect(localizedPath(locale, '')).toBe(`/${locale}`);
    expect(localizedPath(locale, '/blog/post/')).toBe(`/${locale}/blog/post`);
  });
});

describe('splitLocale', () => {
  it('treats unprefixed paths as English', () => {
    expect(splitLocale('/about')).toEqual({ locale: 'en', path: '/about' });
    expect(splitLocale('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/about/')).toEqual({ locale: 'en', path: '/about' });
    expect(splitLocale('/esp/x')).toEqual({ locale: 'en', path: '/esp/x' });
  });

  it.each(['es', 'fr', 'pt'] as const)('splits the %s prefix', (locale) => {
    expect(splitLocale(`/${locale}/events`)).toEqual({ locale, path: '/events' });
    expect(splitLocale(`/${locale}`)).toEqual({ locale, path: '/' });
    expect(splitLocale(`/${locale}/`)).toEqual({ locale, path: '/' });
    expect(splitLocale(`/${locale}/blog/post/`)).toEqual({ locale, path: '/blog/post' });
  });

  it('round-trips with localizedPath', () => {
    for (const locale of ['en', 'es', 'fr', 'pt'] as const) {
      for (const path of ['/', '/about', '/blog/a-post']) {
        expect(splitLocale(localizedPath(locale, path))).toEqual({ locale, path });
      }
    }
  });
});
