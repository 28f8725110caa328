import { readFileSync } from 'node:fs';
import path from 'node:path';

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { LoadingStatus } from '@/components/layout/loading-status';

const messages = (locale: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as {
    Loading: { content: string };
  };

describe('loading feedback (issue 19 item 10)', () => {
  it('is a polite status region with the spec’s text', () => {
    const html = renderToStaticMarkup(createElement(LoadingStatus, { label: messages('en').Loading.content }));
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('>Loading content...</span>');
  });

  it('is translated in every locale', () => {
    const texts = ['en', 'es', 'fr', 'pt'].map((l) => messages(l).Loading.content);
    expect(new Set(texts).size).toBe(4);
  });

  it('is what the per-request list views show while they load, and nothing above a page that can 404', () => {
    for (const dir of ['archive', 'blog/filtered']) {
      const source = readFileSync(path.join(process.cwd(), 'app', '[locale]', dir, 'loading.tsx'), 'utf8');
      expect(source).toContain("<LoadingStatus label={t('content')} />");
    }
    // A loading boundary above a route that calls notFound() would send its 404 with status 200.
    for (const dir of ['', 'blog', 'courses', 'event', 'reports']) {
      expect(() => readFileSync(path.join(process.cwd(), 'app', '[locale]', dir, 'loading.tsx'))).toThrow();
    }
  });
});
