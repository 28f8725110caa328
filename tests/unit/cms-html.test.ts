import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { CmsHtml } from '@/components/cms/cms-html';

vi.mock('next-intl/server', () => ({
  getTranslations: async () => (key: string) => key,
}));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => createElement('a', { href }, children),
}));

/** The class list of the wrapper CmsHtml renders. */
async function wrapperClasses(props: Parameters<typeof CmsHtml>[0]) {
  const html = renderToStaticMarkup(await CmsHtml(props));
  return (/^<div class="([^"]*)"/.exec(html)?.[1] ?? '').split(/\s+/).filter(Boolean);
}

describe('CmsHtml type scale', () => {
  it('articles get the large scale', async () => {
    const classes = await wrapperClasses({ html: '<p>Text</p>' });
    expect(classes).toEqual(expect.arrayContaining(['prose', 'prose-lg']));
  });

  it('size="base" is plain prose: no size modifier at all, so the stylesheet needs no second size block', async () => {
    const classes = await wrapperClasses({ html: '<p>Text</p>', size: 'base', className: 'mt-4' });
    expect(classes).toContain('prose');
    expect(classes).toContain('mt-4');
    const sizeModifiers = ['sm', 'base', 'lg', 'xl', '2xl'].map((size) => `prose-${size}`);
    expect(classes.filter((c) => sizeModifiers.includes(c))).toEqual([]);
  });
});
