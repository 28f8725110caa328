import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { CLIENT_NAMESPACES } from '@/i18n/client-namespaces';

const messages = (locale: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as {
    Loading: { content: string };
  };

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe('loading feedback (issue 19 item 10)', () => {
  it('is the spec’s text, translated in every locale and sent to the browser', () => {
    expect(messages('en').Loading.content).toBe('Loading content...');
    const texts = ['en', 'es', 'fr', 'pt'].map((l) => messages(l).Loading.content);
    expect(new Set(texts).size).toBe(4);
    expect(CLIENT_NAMESPACES).toContain('Loading');
  });

  it('never comes from a loading.tsx boundary, which hides the page from readers without JavaScript', () => {
    // A route loading boundary streams the page in a hidden block that only JavaScript reveals (and above a page
    // that calls notFound() it would send the 404 with status 200): components/layout/navigation-status.tsx
    // shows the status instead.
    const boundaries = files(path.join(process.cwd(), 'app')).filter((f) => path.basename(f).startsWith('loading.'));
    expect(boundaries).toEqual([]);
  });
});
