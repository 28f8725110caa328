import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CmsEvent } from '@/lib/cms';
import { reshapeEvent, reshapeList } from '@/lib/cms/reshape';
import { findDropIn, formatClock, weekdayName } from '@/lib/help/drop-in';

/**
 * Demo content a charity would publish (issue 19 item 9): the bundled snapshot, feed and sitemap carry no test
 * post; figures and facts agree across pages; audio is real speech of the length its item states, with a
 * transcript. Reads content/seed and content/snapshot, and the feed and sitemap builders over the snapshot.
 */
const root = process.cwd();
const HOSTILE = 'hostile-markup-test';
const json = <T = Record<string, unknown>[]>(...parts: string[]) =>
  JSON.parse(readFileSync(path.join(root, ...parts), 'utf8')) as T;
const snapshotFiles = readdirSync(path.join(root, 'content', 'snapshot')).filter((f) => f.endsWith('.json'));

/** lib/cms on the bundled snapshot (or `dir`), in a fresh module graph: the source is chosen once per process. */
async function freshCms(dir = '') {
  vi.resetModules();
  vi.stubEnv('WORDPRESS_URL', '');
  vi.stubEnv('CONTENT_SNAPSHOT_DIR', dir);
  return import('@/lib/cms');
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the hostile-markup test post lives in the test fixtures only', () => {
  it('is in no bundled snapshot file or seed file, nor is its image', () => {
    for (const file of snapshotFiles) {
      const text = readFileSync(path.join(root, 'content', 'snapshot', file), 'utf8');
      expect(text, file).not.toContain(HOSTILE);
      expect(text, file).not.toContain('post-site-test');
      // Its payloads (WordPress's own attachment markup carries an IE-era <script>, so that alone proves nothing).
      expect(text, file).not.toMatch(/dataset\.pwned|evil\.example/);
    }
    expect(readFileSync(path.join(root, 'content', 'seed', 'posts.json'), 'utf8')).not.toContain(HOSTILE);
    expect(existsSync(path.join(root, 'content', 'seed', 'images', 'post-site-test.jpg'))).toBe(false);
    expect(json('tests', 'fixtures', 'seed', 'posts.json').map((p) => p.slug)).toEqual([HOSTILE]);
    expect(json('tests', 'fixtures', 'snapshot', 'posts.json').map((p) => p.slug)).toEqual([HOSTILE]);
  });

  it('is not in the RSS feed or the sitemap built from the bundled snapshot', async () => {
    await freshCms();
    const { GET } = await import('@/app/feed.xml/route');
    const feed = await (await GET()).text();
    expect(feed).toContain('<item>');
    expect(feed).not.toContain(HOSTILE);
    const { sitemapPosts } = await import('@/lib/seo/sitemap-data');
    const paths = (await sitemapPosts()).map((p) => p.path);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).not.toContain(`/blog/${HOSTILE}`);
    // The first import of the feed route and the sitemap transforms them cold (over 5 s on a loaded machine).
  }, 60_000);

  it('is served from the test snapshot that scripts/test-snapshot.mjs builds for CONTENT_SNAPSHOT_DIR', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lrjn-test-snapshot-'));
    try {
      execFileSync(process.execPath, [path.join(root, 'scripts', 'test-snapshot.mjs'), dir]);
      const cms = await freshCms(dir);
      const post = await cms.getPost(HOSTILE);
      expect(post?.title).toBe('Testing how our site handles unsafe markup');
      expect(post?.html).not.toMatch(/<script|onerror|onclick|javascript:/i);
      const bundled = json('content', 'snapshot', 'posts.json').length;
      expect(readdirSync(dir)).toEqual(expect.arrayContaining(snapshotFiles));
      expect(json<unknown[]>(path.relative(root, path.join(dir, 'posts.json')))).toHaveLength(bundled + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('facts agree across pages', () => {
  it('the figures are the spec’s without WordPress, and the content backs "Reports 10+"', async () => {
    await freshCms();
    const { impactStats, volunteerStats } = await import('@/lib/home/stats');
    expect(await impactStats()).toEqual([
      { value: 10, plus: true, label: 'statReports' },
      { value: 2500, plus: true, label: 'statMembers' },
      { value: 35, plus: false, label: 'statPartners' },
      { value: 10000, plus: true, label: 'statVolunteerHours' },
    ]);
    expect(await volunteerStats()).toEqual([
      { value: 2500, plus: true, label: 'Active' },
      { value: 10000, plus: true, label: 'Hours' },
      { value: 35, plus: false, label: 'Projects' },
      { value: 2000, plus: true, label: 'Lives' },
    ]);
    // 'Reports 10+' is true of the demo content.
    expect(json<unknown[]>('content', 'snapshot', 'reports.json').length).toBeGreaterThanOrEqual(10);
  });

  it('every text that mentions the drop-in gives the day and hours of the drop-in event', () => {
    const events: CmsEvent[] = reshapeList(
      json('content', 'snapshot', 'events.json'),
      reshapeEvent,
      {},
      'event',
    );
    const dropIn = findDropIn(events, new Date('2026-11-25T12:00:00Z'))!;
    const day = weekdayName(dropIn.start, 'en');
    const hours = [formatClock(dropIn.start, 'en'), formatClock(dropIn.end!, 'en')];
    expect([day, ...hours]).toEqual(['Wednesday', '10am', '1pm']);

    const texts: [string, string][] = [];
    const collect = (where: string, value: unknown) => {
      if (typeof value === 'string') texts.push([where, value]);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) collect(`${where}.${k}`, v);
    };
    for (const file of readdirSync(path.join(root, 'content', 'seed')).filter((f) => f.endsWith('.json')))
      collect(`seed/${file}`, json('content', 'seed', file));
    for (const file of snapshotFiles) collect(`snapshot/${file}`, json('content', 'snapshot', file));
    for (const locale of ['en', 'es', 'fr', 'pt'])
      collect(`messages/${locale}`, json('messages', `${locale}.json`));

    const weekdays = /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b/g;
    const clock = /\b\d{1,2}(?::\d\d)?\s?[ap]m\b/gi;
    let checked = 0;
    for (const [where, text] of texts) {
      const plain = text.replace(/<[^>]+>/g, ' ');
      for (const sentence of plain.split(/(?<=[.!?])\s+/)) {
        if (!/drop-in/i.test(sentence)) continue;
        checked++;
        for (const [mentioned] of sentence.matchAll(weekdays))
          expect(mentioned.replace(/s$/, ''), where).toBe(day);
        for (const [time] of sentence.matchAll(clock))
          expect(hours, `${where}: ${sentence}`).toContain(time.replace(/\s/g, ''));
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('demo audio and images', () => {
  const items = json('content', 'seed', 'media-archive.json') as {
    slug: string;
    excerpt: string;
    content: string;
    acf: Record<string, unknown>;
  }[];

  it('each audio item is a spoken MP3 of 30-90 s, with a transcript, whose excerpt describes it (not its file)', () => {
    const audio = items.filter((item) => typeof item.acf.podcast_audio_file === 'string');
    expect(audio.length).toBeGreaterThanOrEqual(5);
    for (const item of audio) {
      const file = path.join(root, 'content', 'seed', 'files', String(item.acf.podcast_audio_file));
      expect(file).toMatch(/\.mp3$/);
      // Constant 32 kbit/s without tags (scripts/demo-content/av.py): the length follows from the size.
      const seconds = Math.round((statSync(file).size * 8) / 32000);
      expect(seconds, item.slug).toBeGreaterThanOrEqual(30);
      expect(seconds, item.slug).toBeLessThanOrEqual(90);
      // The review of 2026-12-01 §4: "A 53-second recording" presented as an episode exposes a stub; the excerpt
      // says what the recording is about and that a transcript is there.
      expect(item.excerpt, item.slug).not.toMatch(/\d+-second|seconds?\b|minutes?\b/i);
      expect(item.excerpt, item.slug).toContain('transcript');
      const transcript = item.content.split('<h2>Transcript</h2>')[1] ?? '';
      expect(transcript.replace(/<[^>]+>/g, ' ').split(/\s+/).length, item.slug).toBeGreaterThan(60);
    }
    const snapshot = json('content', 'snapshot', 'media-archive.json') as {
      slug: string;
      content: { rendered: string };
    }[];
    for (const item of audio)
      expect(snapshot.find((s) => s.slug === item.slug)?.content.rendered, item.slug).toContain('Transcript');
  });

  it('no two media items share a cover, thumbnail or poster, and no image has text drawn in', () => {
    const owner = new Map<string, string>();
    for (const item of items) {
      for (const [key, value] of Object.entries(item.acf)) {
        if (
          typeof value !== 'string' ||
          !/image|thumbnail|poster|cover/i.test(key) ||
          !value.endsWith('.jpg')
        )
          continue;
        const first = owner.get(value);
        // An item's featured and cover image may be one file; another item may not reuse it.
        expect(first === undefined || first === item.slug, `${value}: ${first} and ${item.slug}`).toBe(true);
        owner.set(value, item.slug);
      }
    }
    // Photographs and art carry no text; only the two infographics do, because their figures are their content
    // (scripts/demo-content/infographics.mjs), and their alt text repeats every figure.
    for (const script of ['images.mjs', 'scenes.mjs'])
      expect(readFileSync(path.join(root, 'scripts', 'demo-content', script), 'utf8')).not.toMatch(/<text\b/);
    const alts = json('content', 'seed', 'image-alts.json') as Record<string, string>;
    for (const [file, figures] of Object.entries({
      'media-heat-infographic.png': ['312', '2×', '1 in 5', '12'],
      'media-annual-review-glance.png': ['1,320', '158', '6,200', '44', '302', '3'],
    })) {
      const svg = readFileSync(path.join(root, 'scripts', 'demo-content', 'infographics.mjs'), 'utf8');
      expect(svg).toContain(`'${file}'`);
      for (const figure of figures) {
        expect(alts[file], `${file} alt`).toContain(figure);
        expect(
          items.some((item) => Object.values(item.acf).includes(file) && item.content.includes(figure)),
          `${file}: ${figure} in its item's text`,
        ).toBe(true);
      }
    }
  });
});
