import { describe, expect, it } from 'vitest';

import { localizeHref } from '@/i18n/client-paths';

describe('localizeHref', () => {
  it('prefixes site paths for prefixed locales and keeps English unprefixed', () => {
    expect(localizeHref('es', '/blog?page=2#top')).toBe('/es/blog?page=2#top');
    expect(localizeHref('en', '/blog?page=2')).toBe('/blog?page=2');
    expect(localizeHref('fr', '/')).toBe('/fr');
    expect(localizeHref('pt', '/?q=x')).toBe('/pt?q=x');
  });

  it('leaves external, hash and mailto links alone', () => {
    for (const href of ['https://example.org/a', '#main', 'mailto:a@example.org']) {
      expect(localizeHref('es', href)).toBe(href);
    }
  });

  describe('refuses protocol-relative values as internal links (security review M1)', () => {
    const hostile = [
      '//evil.example',
      '//evil.example/phish?x=1',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      ' //evil.example',
    ];
    it.each(hostile)('%j → the locale home page', (href) => {
      expect(localizeHref('en', href)).toBe('/');
      expect(localizeHref('es', href)).toBe('/es');
      expect(localizeHref('fr', href)).toBe('/fr');
      expect(localizeHref('pt', href)).toBe('/pt');
    });
  });
});
