import { describe, expect, it } from 'vitest';

import { archiveStateOf, blogStateOf, isListViewPath, listViewPath } from '@/lib/redirects/list-views';

const q = (text: string) => new URLSearchParams(text);
const segmentOf = (view: string | null) => view?.split('/').at(-1) ?? '';

describe('cached list views (issue 20 item 4)', () => {
  it('one view per state: equivalent addresses share one canonical segment', () => {
    const a = listViewPath('/blog', q('page=2&category=3'));
    expect(a).toMatch(/^\/blog\/filtered\/[A-Za-z0-9_-]+$/);
    // Parameter order, defaults spelled out, repeats and unknown parameters do not make another cache entry.
    expect(listViewPath('/blog', q('category=3&page=2&sort=date&order=desc&utm_source=x'))).toBe(a);
    expect(listViewPath('/blog', q('category=3&category=9&page=2'))).toBe(a);
    expect(listViewPath('/blog', q('page=3&category=3'))).not.toBe(a);
    expect(listViewPath('/archive', q('type=reports&page=2'))).toMatch(/^\/archive\/view\/[A-Za-z0-9_-]+$/);
  });

  it('the default view and other paths stay where they are', () => {
    expect(listViewPath('/blog', q(''))).toBeNull();
    expect(listViewPath('/blog', q('page=1'))).toBeNull();
    expect(listViewPath('/blog', q('q=%20%20&sort=date'))).toBeNull();
    expect(listViewPath('/blog', q('utm_source=x'))).toBeNull();
    expect(listViewPath('/archive', q('type=all&page=1'))).toBeNull();
    expect(listViewPath('/events', q('page=2'))).toBeNull();
    expect(listViewPath('/blog/some-post', q('page=2'))).toBeNull();
  });

  it('the view route reads back exactly the state the address asked for, search text included', () => {
    const blog = segmentOf(
      listViewPath('/blog', q('q=café+à+Leeds/2&category=7&sort=title&order=asc&page=2')),
    );
    expect(blogStateOf(blog)).toEqual({
      q: 'café à Leeds/2',
      category: 7,
      sort: 'title',
      order: 'asc',
      page: 2,
    });
    const archive = segmentOf(listViewPath('/archive', q('q=climate&type=reports&order=asc&page=3')));
    expect(archiveStateOf(archive)).toEqual({ q: 'climate', type: 'reports', order: 'asc', page: 3 });
  });

  it('refuses any segment the proxy would not have written (no invented cache entries)', () => {
    const canonical = segmentOf(listViewPath('/blog', q('page=2')));
    expect(blogStateOf(canonical)).not.toBeNull();
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const segment of [
      b64('page=2&sort=date'), // a default spelled out
      b64('page=02'),
      b64(''),
      b64('utm=1'),
      `${canonical}=`,
      'not base64!',
      '%2E%2E',
      'A'.repeat(500),
    ]) {
      expect(blogStateOf(segment), segment).toBeNull();
      expect(archiveStateOf(segment), segment).toBeNull();
    }
    // A blog state is no archive state and the other way round, unless both write it the same way.
    expect(archiveStateOf(segmentOf(listViewPath('/blog', q('category=3'))))).toBeNull();
  });

  it('a search of any size leads to a view that answers: the text is capped, the longest state still fits', () => {
    const cases: [string, string][] = [
      ['ação e justiça racial '.repeat(5), 'Portuguese, two-byte UTF-8'],
      ['种族正义'.repeat(25), 'Chinese, three-byte UTF-8'],
      ['✊🏿'.repeat(40), 'emoji, surrogate pairs'],
      ['x'.repeat(50_000), 'far past the cap'],
    ];
    for (const [text, what] of cases) {
      for (const [path, stateOf] of [
        ['/blog', blogStateOf],
        ['/archive', archiveStateOf],
      ] as const) {
        const view = listViewPath(path, q(`q=${encodeURIComponent(text)}&page=9999`));
        const state = stateOf(segmentOf(view));
        expect(state, `${path} ${what}`).not.toBeNull();
        expect(state!.q.length, what).toBeLessThanOrEqual(100);
        expect(text.trim().startsWith(state!.q), what).toBe(true);
        // Never half an emoji (it would come back as U+FFFD).
        expect(state!.q).not.toContain('\uFFFD');
      }
    }
    // A segment longer than any canonical state is refused before it is decoded.
    expect(blogStateOf('A'.repeat(5_000))).toBeNull();
    expect(archiveStateOf('A'.repeat(5_000))).toBeNull();
  });

  it('knows the view routes own addresses', () => {
    expect(isListViewPath('/blog/filtered')).toBe(true);
    expect(isListViewPath('/blog/filtered/cGFnZT0y')).toBe(true);
    expect(isListViewPath('/archive/view/cGFnZT0y')).toBe(true);
    expect(isListViewPath('/blog')).toBe(false);
    expect(isListViewPath('/blog/filtered-thoughts')).toBe(false);
    expect(isListViewPath('/archive')).toBe(false);
  });
});
