import { describe, expect, it } from 'vitest';

import { compileOldSlugs, compileRedirects, matchRedirect, withNewSlug } from '@/lib/cms/redirect-rules';

describe('compileRedirects: editor rules from WordPress are validated', () => {
  it('keeps valid rules with a relative source, a site path or an https target, and an allowed status', () => {
    const table = compileRedirects([
      { source: '/old-page/', target: '/about', status: 301 },
      { source: '/appeal', target: 'https://donate.example.org/appeal', status: 302 },
      { source: '/t', target: '/events?when=past#list', status: '307' },
    ]);
    expect([...table]).toEqual([
      ['/old-page', { target: '/about', status: 301 }],
      ['/appeal', { target: 'https://donate.example.org/appeal', status: 302 }],
      ['/t', { target: '/events?when=past#list', status: 307 }],
    ]);
  });

  it('refuses open redirects, odd sources, internal paths and other statuses', () => {
    const table = compileRedirects([
      { source: '/a', target: 'http://evil.example/', status: 308 },
      { source: '/b', target: '//evil.example/', status: 308 },
      { source: '/c', target: 'javascript:alert(1)', status: 308 },
      { source: '/d', target: 'https://user:pw@evil.example/', status: 308 },
      { source: '/e', target: '/\\evil.example', status: 308 },
      { source: 'f', target: '/x', status: 308 },
      { source: '//g', target: '/x', status: 308 },
      { source: 'https://example.org/h', target: '/x', status: 308 },
      { source: '/i?x=1', target: '/x', status: 308 },
      { source: '/api/revalidate', target: '/x', status: 308 },
      { source: '/_next/static/x', target: '/x', status: 308 },
      { source: '/j', target: '/x', status: 200 },
      { source: '/k', target: '/x', status: 303 },
      { source: '/l', target: '/x' },
      'not a rule',
    ]);
    expect(table.size).toBe(0);
    expect(compileRedirects({ source: '/a', target: '/b', status: 308 }).size).toBe(0);
  });

  it('drops self-redirects and loops, and flattens chains to one hop', () => {
    const table = compileRedirects([
      { source: '/self/', target: '/self', status: 308 },
      { source: '/a', target: '/b', status: 308 },
      { source: '/b', target: '/a/', status: 308 },
      { source: '/one', target: '/two', status: 301 },
      { source: '/two', target: '/three', status: 308 },
    ]);
    expect(table.has('/self')).toBe(false);
    expect(table.has('/a')).toBe(false);
    expect(table.has('/b')).toBe(false);
    expect(table.get('/one')).toEqual({ target: '/three', status: 301 });
    expect(table.get('/two')).toEqual({ target: '/three', status: 308 });
  });
});

describe('matchRedirect', () => {
  const table = compileRedirects([
    { source: '/old', target: '/new', status: 308 },
    { source: '/es/solo', target: '/es/only', status: 301 },
    { source: '/appeal', target: 'https://donate.example.org/a', status: 302 },
    { source: '/home-old', target: '/', status: 308 },
  ]);

  it('matches with or without a trailing slash and keeps the query', () => {
    expect(matchRedirect(table, '/old/', '?utm=1')).toEqual({ location: '/new?utm=1', status: 308 });
    expect(matchRedirect(table, '/older', '')).toBeNull();
  });

  it('adds the locale prefix to a same-site target when the rule has none', () => {
    expect(matchRedirect(table, '/fr/old', '')).toEqual({ location: '/fr/new', status: 308 });
    expect(matchRedirect(table, '/pt/home-old', '')).toEqual({ location: '/pt', status: 308 });
    expect(matchRedirect(table, '/es/solo', '')).toEqual({ location: '/es/only', status: 301 });
    expect(matchRedirect(table, '/solo', '')).toBeNull();
    expect(matchRedirect(table, '/es/appeal', '?x=1')).toEqual({
      location: 'https://donate.example.org/a',
      status: 302,
    });
  });

  it('matches nothing in an empty table', () => {
    expect(matchRedirect(new Map(), '/old', '')).toBeNull();
  });
});

describe('old slugs', () => {
  it('maps old to current slugs per post type, newest rename first, ignoring junk', () => {
    const map = compileOldSlugs([
      { type: 'post', from: 'old', to: 'new' },
      { type: 'post', from: 'old', to: 'older-target' },
      { type: 'events', from: 'caf%C3%A9', to: 'cafe' },
      { type: 'post', from: 'same', to: 'same' },
      { type: 'post', from: 5, to: 'x' },
    ]);
    expect(map.get('post')?.get('old')).toBe('new');
    expect(map.get('post')?.has('same')).toBe(false);
    expect(map.get('events')?.get('café')).toBe('cafe');
  });

  it('puts the new slug in the path, keeping what follows', () => {
    expect(withNewSlug('/blog/old', 'new')).toBe('/blog/new');
    expect(withNewSlug('/blog/old/social-image', 'café')).toBe('/blog/caf%C3%A9/social-image');
  });
});
