import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';
import { decodeHTML } from 'entities';

import {
  axeViolations as violations,
  dismissCookieBanner,
  expect,
  test,
  useTheme,
  waitForHydration,
} from './fixtures';

/** The media pages on the bundled snapshot (content/snapshot/media-archive.json and media_category.json). */
type RawItem = { slug: string; title: { rendered: string }; media_category: number[] };
type RawTerm = { id: number; slug: string; name: string };
const snapshot = <T>(name: string) =>
  JSON.parse(
    readFileSync(
      path.join(
        process.env.CONTENT_SNAPSHOT_DIR ?? path.join(process.cwd(), 'content', 'snapshot'),
        `${name}.json`,
      ),
      'utf8',
    ),
  ) as T;
const items = snapshot<RawItem[]>('media-archive');
const categories = snapshot<RawTerm[]>('media_category');
const title = (slug: string) => {
  const item = items.find((i) => i.slug === slug);
  if (!item) throw new Error(`${slug} is not in the snapshot`);
  return decodeHTML(item.title.rendered).trim();
};

const IMAGE_ITEM = 'black-history-month-evening-2024-gallery';
const VIDEO_ITEM = 'stop-the-scan-explainer-video';
const AUDIO_ITEM = 'network-voices-episode-1-belonging';

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test('the hub links the image, video and podcast pages with counts and lists the whole archive', async ({
  page,
}) => {
  await page.goto('/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  for (const [name, href] of [
    ['Images', '/media/images'],
    ['Videos', '/media/videos'],
    ['Podcasts', '/media/podcasts'],
  ] as const) {
    const card = page.getByRole('link', { name: new RegExp(`^${name} .*\\d+ items?$`) });
    await expect(card).toHaveAttribute('href', href);
  }
  await expect(page.locator('main article')).toHaveCount(items.length);
  await expect(page.getByRole('link', { name: title(AUDIO_ITEM) })).toHaveAttribute(
    'href',
    `/media-archive/${AUDIO_ITEM}`,
  );
});

test('the hub filters by media category through static links', async ({ page }) => {
  const videos = categories.find((c) => c.slug === 'videos')!;
  const expected = items.filter((i) => i.media_category.includes(videos.id));
  const others = items.filter((i) => !i.media_category.includes(videos.id));
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/media');
  await waitForHydration(page);
  const filter = page.getByRole('navigation', { name: 'Filter by category' });
  await expect(filter.getByRole('link', { name: `All (${items.length})` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await filter.getByRole('link', { name: `Videos (${expected.length})` }).click();
  // Client navigation: the URL changes once the next page has arrived (slow on a cold dev server).
  await expect(page).toHaveURL(/\/media\/category\/videos$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Media: Videos' })).toBeVisible();
  await expect(filter.getByRole('link', { name: /^Videos/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main article')).toHaveCount(expected.length);
  for (const item of expected) await expect(page.getByRole('link', { name: title(item.slug) })).toBeVisible();
  await expect(page.getByRole('link', { name: title(others[0]!.slug) })).toHaveCount(0);

  await filter.getByRole('link', { name: /^All/ }).click();
  await expect(page).toHaveURL(/\/media$/, { timeout: 20_000 });
  await expect(page.locator('main article')).toHaveCount(items.length);
});

test('unknown categories and items are real 404s', async ({ page }) => {
  let res = await page.goto('/media/category/no-such-category');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible();
  res = await page.goto('/media-archive/no-such-item');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Media Not Found' })).toBeVisible();
  res = await page.goto('/fr/media-archive/no-such-item');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Média introuvable' })).toBeVisible();
});

test('images: the lightbox opens from the keyboard, moves with Next and the arrow keys, Escape returns focus', async ({
  page,
}) => {
  await page.goto('/media/images');
  await waitForHydration(page);
  const thumbs = page.locator('main a[data-lightbox-index]');
  const total = await thumbs.count();
  expect(total).toBeGreaterThanOrEqual(4);
  const first = thumbs.first();
  // Without JavaScript the thumbnail is a link to the full image.
  await expect(first).toHaveAttribute('href', /\/content-media\/.+\.(jpe?g|png|webp)$/);
  const firstGroup = (await page.locator('main h2').first().textContent())!.trim();

  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName(firstGroup);
  await expect(dialog.getByText(`Image 1 of ${total}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.locator('img')).toHaveAttribute('alt', /.+/);
  await expect(page).toHaveURL(/\/media\/images$/);

  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(dialog.getByText(`Image 2 of ${total}`)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText(`Image 3 of ${total}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expect(dialog.getByText(`Image 1 of ${total}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`Image ${total} of ${total}`)).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();

  // The close button also returns focus to the thumbnail that opened the dialog.
  const third = thumbs.nth(2);
  await third.click();
  await expect(dialog.getByText(`Image 3 of ${total}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(third).toBeFocused();
});

test('podcasts: volume 0 to 1 in steps of 0.01 at 0.7, play/pause, seek, one player at a time', async ({
  page,
}) => {
  await page.goto('/media/podcasts');
  await waitForHydration(page);
  const name = title(AUDIO_ITEM);
  const player = page.getByRole('group', { name: `Audio player: ${name}` });
  const audio = player.locator('audio');
  const volume = player.getByRole('slider', { name: 'Volume' });
  await expect(volume).toHaveAttribute('min', '0');
  await expect(volume).toHaveAttribute('max', '1');
  await expect(volume).toHaveAttribute('step', '0.01');
  await expect(volume).toHaveValue('0.7');
  await expect(volume).toHaveAttribute('aria-valuetext', '70%');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.7);
  await volume.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(volume).toHaveValue('0.69');
  await expect(volume).toHaveAttribute('aria-valuetext', '69%');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.69);

  // A spoken recording of 30-90 s (scripts/demo-content/av.py), not a few seconds of stub.
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(30);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeLessThan(90);
  const seek = player.getByRole('slider', { name: 'Seek' });
  // Both sliders are 24 px tall targets (WCAG 2.5.8), not the 8 px track alone.
  for (const slider of [seek, volume]) expect((await slider.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:00 of \d+:\d\d$/);
  await seek.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:02 of \d+:\d\d$/);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(2, 0);

  // Headless Chromium may have no sound device: muting changes nothing about playing or pausing.
  await page.evaluate(() => document.querySelectorAll('audio').forEach((a) => (a.muted = true)));
  await player.getByRole('button', { name: `Play ${name}` }).click();
  await expect(player.getByRole('button', { name: `Pause ${name}` })).toBeVisible();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await player.getByRole('button', { name: `Pause ${name}` }).click();
  await expect(player.getByRole('button', { name: `Play ${name}` })).toBeVisible();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

  const other = page
    .getByRole('group', { name: /^Audio player: / })
    .filter({ hasNotText: name })
    .first();
  await player.getByRole('button', { name: `Play ${name}` }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await other.getByRole('button', { name: /^Play / }).click();
  await expect.poll(() => other.locator('audio').evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await expect(player.getByRole('button', { name: `Play ${name}` })).toBeVisible();

  const src = await audio.getAttribute('src');
  expect(src).toMatch(/\.mp3$/);
  await expect(player.getByRole('link', { name: /Download audio/ })).toHaveAttribute('href', src!);
});

test('videos: YouTube links are click-to-load facades, video files native players', async ({ page }) => {
  await page.goto('/media/videos');
  await waitForHydration(page);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('main video[controls] source[src$=".mp4"]').first()).toBeAttached();
  const facade = page.getByRole('button', { name: `Play video: ${title(VIDEO_ITEM)}` });
  await facade.click();
  await expect(page.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1$/,
  );
});

async function jsonLd(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((s) => JSON.parse(s) as Record<string, unknown>);
}

test('an image item: its image, gallery in the lightbox, category links and ImageObject data', async ({
  page,
}) => {
  const res = await page.goto(`/media-archive/${IMAGE_ITEM}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: title(IMAGE_ITEM) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Photos', exact: true })).toHaveAttribute(
    'href',
    '/media/category/photos',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Gallery' })).toBeVisible();
  await waitForHydration(page);
  await page.locator('main a[data-lightbox-index]').first().click();
  await expect(page.getByRole('dialog')).toHaveAccessibleName(title(IMAGE_ITEM));
  const data = await jsonLd(page);
  expect(data).toContainEqual(
    expect.objectContaining({ '@type': 'ImageObject', contentUrl: expect.stringMatching(/\.jpg$/) }),
  );
});

test('a video item: the facade, an external link in a new tab, VideoObject data', async ({ page }) => {
  const res = await page.goto(`/media-archive/${VIDEO_ITEM}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: title(VIDEO_ITEM) })).toBeVisible();
  await expect(page.getByRole('button', { name: `Play video: ${title(VIDEO_ITEM)}` })).toBeVisible();
  const external = page.getByRole('link', { name: /^View on .+ \(opens in a new tab\)$/ });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', /noopener/);
  const data = await jsonLd(page);
  expect(data).toContainEqual(
    expect.objectContaining({
      '@type': 'VideoObject',
      embedUrl: expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\//),
      thumbnailUrl: expect.stringMatching(/^https:\/\/i\.ytimg\.com\/vi\/[\w-]{11}\/hqdefault\.jpg$/),
    }),
  );
});

test('an audio item: the player and AudioObject data', async ({ page }) => {
  const res = await page.goto(`/media-archive/${AUDIO_ITEM}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('group', { name: `Audio player: ${title(AUDIO_ITEM)}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Media' })).toHaveAttribute('href', '/media');
  const data = await jsonLd(page);
  expect(data).toContainEqual(
    expect.objectContaining({ '@type': 'AudioObject', contentUrl: expect.stringMatching(/\.mp3$/) }),
  );
  // WCAG 1.2.1: the recording's transcript is on its page.
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(page.getByText(/welcome to Network Voices/)).toBeVisible();
});

const HEADINGS = {
  es: ['Multimedia', 'Imágenes', 'Vídeos', 'Pódcasts', 'Volver a Multimedia'],
  fr: ['Médias', 'Images', 'Vidéos', 'Podcasts', 'Retour aux médias'],
  pt: ['Multimédia', 'Imagens', 'Vídeos', 'Podcasts', 'Voltar a Multimédia'],
} as const;

for (const [locale, [hub, images, videos, podcasts, back]] of Object.entries(HEADINGS)) {
  test(`${locale} translates the media headings`, async ({ page }) => {
    for (const [route, heading] of [
      ['/media', hub],
      ['/media/images', images],
      ['/media/videos', videos],
      ['/media/podcasts', podcasts],
    ] as const) {
      const res = await page.goto(`/${locale}${route}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
    const res = await page.goto(`/${locale}/media-archive/${AUDIO_ITEM}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('link', { name: back })).toHaveAttribute('href', `/${locale}/media`);
  });
}

// The media pages are scanned by axe in both themes in a11y.spec.ts; here, the state only this spec reaches.
for (const theme of ['light', 'dark'] as const) {
  test(`the open lightbox has no axe violations (${theme} theme)`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/media/images');
    await waitForHydration(page);
    await page.locator('main a[data-lightbox-index]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
