import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import snapshotPosts from '@/content/snapshot/posts.json';
import { querySnapshot } from '@/lib/cms/snapshot-query';
import type { ContentSource, ListQuery } from '@/lib/cms/source';
import { defaultLanguageSource } from '@/lib/cms/sources/language';
import { toWpQuery } from '@/lib/cms/sources/wordpress';
import { tagsForChange } from '@/lib/cms/tags';
import { availableLocales, languageOf, translationId } from '@/lib/cms/translations';
import { changeOf, webhookBodySchema } from '@/lib/cms/webhook';
import { pageMetadata } from '@/lib/seo/metadata';
import { sitemapXml } from '@/lib/seo/sitemap';

/**
 * Issue 18 item 7: translated content (Polylang's REST shape: `lang`, `translations`, `?lang=`). English-only
 * content under /es, /fr, /pt points its canonical at the English URL and lists hreflang only for real
 * translations; the sitemap lists only real pages; a translation's edit refreshes its original's tags.
 */

type Raw = Record<string, unknown>;
const english = { id: 10, slug: 'roundtable', lang: 'en', translations: { en: 10, es: 11, fr: 0 } };

describe('translation resolution (lib/cms/translations.ts)', () => {
  it('reads the language and the ids of real translations, never the item itself', () => {
    expect(languageOf(english)).toBe('en');
    expect(languageOf({ id: 1 })).toBeNull();
    expect(translationId(english, 'es')).toBe(11);
    expect(translationId(english, 'fr')).toBeNull();
    expect(translationId(english, 'pt')).toBeNull();
    expect(translationId({ id: 5, translations: { es: '7' } }, 'es')).toBe(7);
    expect(translationId({ id: 5, translations: { es: 5 } }, 'es')).toBeNull();
    expect(translationId({ id: 5, translations: [] }, 'es')).toBeNull();
  });

  it('lists English plus the translated locales, and only English without Polylang', () => {
    expect(availableLocales(english)).toEqual(['en', 'es']);
    expect(availableLocales({ id: 1, slug: 'x' })).toEqual(['en']);
    expect(availableLocales({ id: 1, translations: { pt: 4, fr: 3 } })).toEqual(['en', 'fr', 'pt']);
  });
});

describe('asking for the default language', () => {
  const seen: { endpoint: string; query: ListQuery }[] = [];
  const inner: ContentSource = {
    name: 'wordpress',
    async list(endpoint, query) {
      seen.push({ endpoint, query });
      return { items: [], total: 0, totalPages: 0 };
    },
    async listAll(endpoint, query) {
      seen.push({ endpoint, query });
      return [];
    },
  };

  it('adds lang=en to posts, pages and events, keeps an explicit lang and leaves other types alone', async () => {
    const source = defaultLanguageSource(inner);
    await source.list('posts', { slug: 'x' }, { tags: [] });
    await source.listAll('events', {}, { tags: [] });
    await source.list('pages', { include: [3], lang: 'es' }, { tags: [] });
    await source.listAll('reports', {}, { tags: [] });
    expect(seen.map((s) => s.query.lang)).toEqual(['en', 'en', 'es', undefined]);
    expect(toWpQuery({ lang: 'fr' }).lang).toBe('fr');
  });

  it('filters the snapshot by lang, counting items without one as English', () => {
    const items = [
      { id: 1, slug: 'a', date: '2025-01-01' },
      { id: 2, slug: 'b', lang: 'en', date: '2025-01-02' },
      { id: 3, slug: 'c', lang: 'es', date: '2025-01-03' },
    ];
    const slugs = (lang?: string) =>
      querySnapshot(items, 'posts', { lang }).items.map((i) => (i as Raw).slug);
    expect(slugs('en')).toEqual(['b', 'a']);
    expect(slugs('es')).toEqual(['c']);
    expect(slugs()).toEqual(['c', 'b', 'a']);
  });
});

describe('page metadata for translated and English-only content', () => {
  it('English-only content under /es: canonical at the English URL, hreflang for English and x-default only', () => {
    const meta = pageMetadata({ locale: 'es', path: '/blog/x', description: 'd', locales: ['en'] });
    expect(meta.alternates?.canonical).toBe('/blog/x');
    expect(meta.alternates?.languages).toEqual({ en: '/blog/x', 'x-default': '/blog/x' });
    expect(meta.openGraph?.alternateLocale).toEqual(['en_GB']);
  });

  it('a real Spanish translation: its own canonical, hreflang for English and Spanish only', () => {
    const meta = pageMetadata({ locale: 'es', path: '/blog/x', description: 'd', locales: ['en', 'es'] });
    expect(meta.alternates?.canonical).toBe('/es/blog/x');
    expect(meta.alternates?.languages).toEqual({ en: '/blog/x', es: '/es/blog/x', 'x-default': '/blog/x' });
    const english = pageMetadata({ locale: 'en', path: '/blog/x', description: 'd', locales: ['en', 'es'] });
    expect(english.alternates?.canonical).toBe('/blog/x');
    expect(Object.keys(english.alternates?.languages ?? {})).toEqual(['en', 'es', 'x-default']);
  });

  it('site pages (no locales given) keep a self canonical and every locale', () => {
    const meta = pageMetadata({ locale: 'fr', path: '/contact', description: 'd' });
    expect(meta.alternates?.canonical).toBe('/fr/contact');
    expect(Object.keys(meta.alternates?.languages ?? {})).toEqual(['en', 'es', 'fr', 'pt', 'x-default']);
  });
});

describe('sitemap of translated content', () => {
  it('lists an item only in English and its translations; site pages in every locale', () => {
    const xml = sitemapXml('https://example.org', [
      { path: '/blog/only-english', locales: ['en'] },
      { path: '/blog/translated', locales: ['en', 'pt'] },
      { path: '/contact' },
    ]);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://example.org/blog/only-english',
      'https://example.org/blog/translated',
      'https://example.org/pt/blog/translated',
      'https://example.org/contact',
      'https://example.org/es/contact',
      'https://example.org/fr/contact',
      'https://example.org/pt/contact',
    ]);
    const translated = xml
      .split('<url>')
      .find((u) => u.includes('<loc>https://example.org/pt/blog/translated'));
    expect(translated?.match(/hreflang="[^"]+"/g)).toEqual([
      'hreflang="en"',
      'hreflang="pt"',
      'hreflang="x-default"',
    ]);
    expect(xml).not.toContain('/es/blog/only-english');
  });
});

describe('revalidating translations', () => {
  it('a translation’s change refreshes every slug of its group (the English address shows it)', () => {
    const body = webhookBodySchema.parse({
      kind: 'post',
      action: 'save',
      postType: 'post',
      slug: 'mesa-redonda',
      translations: { en: 'roundtable', es: 'mesa-redonda' },
    });
    expect(tagsForChange(changeOf(body))).toEqual([
      'posts',
      'causes',
      'post:mesa-redonda',
      'post:roundtable',
    ]);
    const event = changeOf(
      webhookBodySchema.parse({
        kind: 'post',
        action: 'trash',
        postType: 'events',
        slug: 'encuentro',
        translations: { en: 'gathering', es: 'encuentro' },
      }),
    );
    expect(tagsForChange(event)).toEqual(['events', 'event:encuentro', 'event:gathering']);
  });

  it('keeps the contract for plugins without Polylang and refuses malformed translations', () => {
    const plain = webhookBodySchema.parse({ kind: 'post', action: 'save', postType: 'post', slug: 'a' });
    expect(tagsForChange(changeOf(plain))).toEqual(['posts', 'causes', 'post:a']);
    const bad = (translations: unknown) =>
      webhookBodySchema.safeParse({ kind: 'post', action: 'save', postType: 'post', slug: 'a', translations })
        .success;
    expect(bad({ 'not a language': 'x' })).toBe(false);
    expect(bad({ es: '' })).toBe(false);
    expect(
      bad(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`l${String.fromCharCode(97 + i)}`, 'x']))),
    ).toBe(false);
  });
});

describe('lib/cms on a snapshot with Polylang fields', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lrjn-translations-'));
  const [first, second] = snapshotPosts as Raw[];

  beforeAll(() => {
    const original = {
      ...first,
      id: 9001,
      slug: 'roundtable',
      lang: 'en',
      translations: { en: 9001, es: 9002, fr: 9009 },
    };
    const spanish = {
      ...first,
      id: 9002,
      slug: 'mesa-redonda',
      lang: 'es',
      title: { rendered: 'Mesa redonda' },
      content: { rendered: '<p>Texto en español.</p>' },
      translations: { en: 9001, es: 9002 },
    };
    const plain = { ...second, id: 9003, slug: 'only-english' };
    writeFileSync(path.join(dir, 'posts.json'), JSON.stringify([original, spanish, plain]));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cms = async () => {
    vi.resetModules();
    vi.stubEnv('WORDPRESS_URL', '');
    vi.stubEnv('CONTENT_SNAPSHOT_DIR', dir);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    return import('@/lib/cms');
  };

  it('shows the Spanish translation at the English address, and English (with the real locales) elsewhere', async () => {
    const { getLocalizedPost } = await cms();
    const es = await getLocalizedPost('roundtable', 'es');
    expect(es).toMatchObject({ contentLocale: 'es', locales: ['en', 'es'] });
    expect(es?.item.title).toBe('Mesa redonda');
    expect(es?.source.slug).toBe('roundtable');
    // fr names a translation that does not exist: English, and fr is no real locale.
    const fr = await getLocalizedPost('roundtable', 'fr');
    expect(fr).toMatchObject({ contentLocale: 'en', locales: ['en', 'es'] });
    expect(fr?.item.slug).toBe('roundtable');
    const plain = await getLocalizedPost('only-english', 'pt');
    expect(plain).toMatchObject({ contentLocale: 'en', locales: ['en'] });
    // The translation's own slug is no English post.
    expect(await getLocalizedPost('mesa-redonda', 'es')).toBeNull();
  });

  it('keeps translations off the English lists and gives the sitemap each post’s real locales', async () => {
    const { getPostList, getContentRefs } = await cms();
    expect((await getPostList()).posts.map((p) => p.slug).sort()).toEqual(['only-english', 'roundtable']);
    const refs = await getContentRefs('posts');
    expect(refs.map((r) => [r.slug, r.locales])).toEqual(
      expect.arrayContaining([
        ['roundtable', ['en', 'es']],
        ['only-english', ['en']],
      ]),
    );
    expect(refs).toHaveLength(2);
  });
});

describe('no hreflang Link header from the locale routing', () => {
  it('leaves hreflang to the page metadata, which knows the real translations', async () => {
    vi.resetModules();
    vi.stubEnv('SCREENING_MAX_REQUESTS', '1000000');
    vi.stubEnv('SITE_URL', 'http://localhost:3000');
    const { NextRequest } = await import('next/server');
    const proxy = (await import('@/proxy')).default;
    for (const path of [
      '/es/blog/faith-leaders-roundtable',
      '/blog/faith-leaders-roundtable',
      '/fr/contact',
    ]) {
      const response = await proxy(new NextRequest(new URL(path, 'http://localhost:3000')));
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get('link'), path).toBeNull();
    }
    vi.unstubAllEnvs();
  });
});
