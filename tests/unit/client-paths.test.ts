import { describe, expect, it } from 'vitest';

import { localizeHref } from '@/i18n/client-paths';

describe('localizeHref', () => {
  it('prefixes site paths for prefixed locales and keeps English unprefixed', () => {
    expect(localizeHref('es', '/blog?page=2#top')).toBe('/es/blog?page=2#top');
    expect(localizeHref('en', '/blog?page=2')).toBe('/blog?page=2');
    expect(localizeHref('fr', '/')).toBe('/fr');
    expect(localizeHref('pt', '/?q=x')).toBe('/pt?q=x');
  });

  it('leaves external, protocol-relative, hash and mailto links alone', () => {
    for (const href of ['https://example.org/a', '//cdn.example.org/x', '#main', 'mailto:a@example.org']) {
      expect(localizeHref('es', href)).toBe(href);
    }
  });
});
