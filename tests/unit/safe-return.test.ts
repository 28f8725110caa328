import { describe, expect, it } from 'vitest';

import { localizeHref } from '@/i18n/client-paths';
import {
  MAX_RETURN_LENGTH,
  safeRedirectPath,
  safeReturnPath,
  safeReturnTarget,
} from '@/lib/redirects/safe-return';
import { parseThankYouQuery } from '@/lib/redirects/thank-you';

describe('safeReturnPath: values that must fall back to the home page', () => {
  const hostile = [
    'https://evil.example',
    'http://evil.example/blog',
    'HTTPS://evil.example',
    '//evil.example',
    '///evil.example',
    '//evil.example/blog',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/blog\\..\\..\\evil',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:someone@evil.example',
    'evil.example',
    'blog',
    './blog',
    '../blog',
    '?x=1',
    '#top',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/blog%0A',
    '/blog%0d%0aSet-Cookie:x=1',
    '/blog?x=%0ASet-Cookie',
    '/blog%00',
    '/\u0000/evil.example',
    '/\u007f',
    '/\u0085',
    '/blog\u2028',
    '/\u202eevil',
    '/\ufeffblog',
    ' /blog',
    '/blog ',
    '/ /evil.example',
    '/\u00a0/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%E0%A4%A',
    '',
    '/' + 'a'.repeat(MAX_RETURN_LENGTH),
  ];

  it.each(hostile)('%j → /', (value) => {
    expect(safeReturnPath(value, 'en')).toBe('/');
    expect(safeReturnTarget(value)).toBeNull();
  });

  it.each(hostile)('%j → /es in Spanish', (value) => {
    expect(safeReturnPath(value, 'es')).toBe('/es');
  });

  it('falls back for values that are not strings', () => {
    for (const value of [undefined, null, 42, ['/blog'], { toString: () => '/blog' }]) {
      expect(safeReturnPath(value, 'en')).toBe('/');
    }
  });
});

describe('safeReturnPath: site paths are kept', () => {
  it.each([
    ['/', '/'],
    ['/blog', '/blog'],
    ['/blog/', '/blog'],
    ['/blog?x=1#y', '/blog?x=1#y'],
    ['/blog?q=climate%20justice&page=2', '/blog?q=climate%20justice&page=2'],
    ['/events?filter=a%2Fb', '/events?filter=a%2Fb'],
    ['/blog/caf%C3%A9', '/blog/caf%C3%A9'],
    ['/a/../blog', '/blog'],
    ['/./blog', '/blog'],
    ['/#newsletter', '/#newsletter'],
  ])('%j → %j', (value, expected) => {
    expect(safeReturnPath(value, 'en')).toBe(expected);
  });

  it('accepts a path of exactly the maximum length', () => {
    const value = '/' + 'a'.repeat(MAX_RETURN_LENGTH - 1);
    expect(safeReturnPath(value, 'en')).toBe(value);
  });

  it('adds the locale prefix for the other languages', () => {
    expect(safeReturnPath('/blog', 'es')).toBe('/es/blog');
    expect(safeReturnPath('/blog?x=1#y', 'fr')).toBe('/fr/blog?x=1#y');
    expect(safeReturnPath('/', 'pt')).toBe('/pt');
    expect(safeReturnPath('/?x=1', 'pt')).toBe('/pt?x=1');
  });

  it('replaces a locale prefix already in the path instead of doubling it', () => {
    expect(safeReturnPath('/es/blog', 'es')).toBe('/es/blog');
    expect(safeReturnPath('/es/blog', 'en')).toBe('/blog');
    expect(safeReturnPath('/fr', 'es')).toBe('/es');
    expect(safeReturnTarget('/pt/events?x=1')).toBe('/events?x=1');
  });

  it('keeps paths that merely start like a locale', () => {
    expect(safeReturnPath('/esperanto', 'en')).toBe('/esperanto');
    expect(safeReturnPath('/esperanto', 'fr')).toBe('/fr/esperanto');
  });
});

describe('parseThankYouQuery', () => {
  it('reads each known type, and aliases forms may send', () => {
    for (const type of ['newsletter', 'contact', 'registration', 'donation'] as const) {
      expect(parseThankYouQuery({ type }).type).toBe(type);
    }
    expect(parseThankYouQuery({ type: 'enquiry' }).type).toBe('contact');
    expect(parseThankYouQuery({ type: ' Newsletter ' }).type).toBe('newsletter');
  });

  it('gives the generic thank-you for a missing or unknown type', () => {
    for (const type of [undefined, '', 'admin', '<img src=x>', 'newsletter2']) {
      expect(parseThankYouQuery({ type }).type).toBe('generic');
    }
  });

  it('keeps source only as a short token', () => {
    expect(parseThankYouQuery({ source: 'footer' }).source).toBe('footer');
    expect(parseThankYouQuery({ source: 'home-page_2' }).source).toBe('home-page_2');
    expect(parseThankYouQuery({ source: '<script>alert(1)</script>' }).source).toBeUndefined();
    expect(parseThankYouQuery({ source: 'x'.repeat(51) }).source).toBeUndefined();
  });

  it('sanitises returnTo and takes the first of repeated values', () => {
    expect(parseThankYouQuery({ returnTo: '/blog?x=1' }).returnTo).toBe('/blog?x=1');
    expect(parseThankYouQuery({ returnTo: '//evil.example' }).returnTo).toBeNull();
    expect(parseThankYouQuery({ returnTo: ['//evil.example', '/blog'] }).returnTo).toBeNull();
    expect(parseThankYouQuery({ type: ['donation', 'newsletter'] }).type).toBe('donation');
    expect(parseThankYouQuery({}).returnTo).toBeNull();
  });
});

describe('safeReturnTarget: a locale prefix never hides an off-site target (security review M1)', () => {
  const tails = [
    '//evil.example',
    '//evil.example/phish',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/./%2Fevil.example',
    '/%5C%5Cevil.example',
    '/%5cevil.example',
    '/\\\\evil.example',
    '/\\evil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%255C%255Cevil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/\n/evil.example',
    '/%0A/evil.example',
    '/\r\n/evil.example',
    '/%0D%0A/evil.example',
    '/a/..//evil.example',
    '/.//evil.example',
    '//evil.example?x=1#y',
  ];
  const cases = ['/es', '/fr', '/pt', '/en'].flatMap((prefix) => tails.map((tail) => `${prefix}${tail}`));

  it.each(cases)('%j is refused', (value) => {
    expect(safeReturnTarget(value)).toBeNull();
    for (const locale of ['en', 'es', 'fr', 'pt'] as const) {
      const path = safeReturnPath(value, locale);
      expect(path).toBe(locale === 'en' ? '/' : `/${locale}`);
    }
  });

  it.each(tails.filter((t) => t.startsWith('/%25')))('%j (double-encoded, no prefix) is refused', (value) => {
    expect(safeReturnTarget(value)).toBeNull();
  });

  it('still accepts ordinary prefixed paths, including an encoded slash inside a segment', () => {
    expect(safeReturnTarget('/es/blog')).toBe('/blog');
    expect(safeReturnTarget('/fr/blog/caf%C3%A9?q=a%2Fb')).toBe('/blog/caf%C3%A9?q=a%2Fb');
    expect(safeReturnTarget('/pt/events/a%2Fb')).toBe('/events/a%2Fb');
    expect(safeReturnTarget('/archive?q=100%25')).toBe('/archive?q=100%25');
  });
});

describe('pages that render a return link never point off-site (security review M1)', () => {
  const attack = '/es//evil.example/phish';

  it('the thank-you page’s "Go back" target (parseThankYouQuery, then the localising Link)', () => {
    const { returnTo } = parseThankYouQuery({ type: 'newsletter', returnTo: attack });
    expect(returnTo).toBeNull();
    for (const value of ['/fr/%2F/evil.example', '/pt/\\\\evil.example', '/es/./%2Fevil.example']) {
      expect(parseThankYouQuery({ returnTo: value }).returnTo).toBeNull();
    }
  });

  it('the signed-in /login "Continue" link (safeReturnTarget, then localizeHref)', () => {
    const next = safeReturnTarget(attack) ?? undefined;
    for (const locale of ['en', 'es', 'fr', 'pt'] as const) {
      const href = localizeHref(locale, next ?? '/');
      expect(href).not.toMatch(/^[/\\]{2}|evil/);
    }
  });
});

describe('safeRedirectPath: the one sanitiser of redirect targets from request input (security review NM1)', () => {
  it.each([
    '/..//evil.example/phish',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E/%2F/evil.example',
    '/a/%2e%2e//evil.example',
    '/.%2F/evil.example',
    '/es/..//evil.example',
    '/es/.//evil.example',
    '/\\evil.example',
    '/.\\\\evil.example',
    '/%5C%5Cevil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%25252F/evil.example',
    '/\r\n/evil.example',
    '/blog%0D%0ALocation:%20https://evil.example',
    '/blog\u2028',
    'https://evil.example',
    '//evil.example',
    'javascript:alert(1)',
    '',
    null,
    undefined,
    ['/blog'],
  ])('%j → the fallback', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
    expect(safeRedirectPath(value, '/es')).toBe('/es');
  });

  it('keeps site paths in the locale their prefix names, with query and fragment', () => {
    expect(safeRedirectPath('/es/blog/a-post')).toBe('/es/blog/a-post');
    expect(safeRedirectPath('/blog?page=2')).toBe('/blog?page=2');
    expect(safeRedirectPath('/fr/events?page=2#list')).toBe('/fr/events?page=2#list');
    expect(safeRedirectPath('/en/about')).toBe('/about');
    expect(safeRedirectPath('/pt')).toBe('/pt');
    expect(safeRedirectPath('/blog/./a/../b')).toBe('/blog/b');
    expect(safeRedirectPath('/blog/caf%C3%A9')).toBe('/blog/caf%C3%A9');
  });
});
