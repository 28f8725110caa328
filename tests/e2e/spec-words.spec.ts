import { type Page, type Route, expect, test } from '@playwright/test';

import { dismissCookieBanner, waitForHydration } from './fixtures';

/**
 * Issue 33 item 1, "the spec's words": the home page's 'Our Initiatives' with the spec's seven
 * initiatives in its order, the Our Impact cards and the volunteer statistics with the spec's figures (the defaults
 * of the figures an editor may change in WordPress), the FAQ's help answer linking /get-help, Outlook offered for
 * a recurring event, and the spec audit's rows that did not work: HM3/HM4 (hero image order and a failure before
 * hydration), HM10 (the About video), K9 ('Featured image could not be displayed').
 */

const INITIATIVES = [
  ['race-and-climate-justice', 'Race and Climate Justice'],
  ['responses-and-actions', 'Responses and Actions'],
  ['stop-the-scan', 'Stop The Scan'],
  ['pastoral-work', 'Pastoral Work'],
  ['collective-conversations', 'Collective Conversations'],
  ['international-solidarities', 'International Solidarities'],
  ['unlearning-racism', 'Unlearning Racism'],
] as const;

const DROP_IN = 'pastoral-support-drop-in-2025-2028'; // every Wednesday, a series

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** The figures of a statistics block as [label, figure] pairs, in page order. */
async function figures(page: Page, region: string): Promise<[string, string][]> {
  const block = page.getByRole('region', { name: region, exact: true });
  await expect(block).toBeVisible();
  const labels = await block.locator('dt').allTextContents();
  const values = await block.locator('dd').allTextContents();
  return labels.map((label, i) => [label.trim(), (values[i] ?? '').trim()]);
}

test('home: Our Initiatives shows the spec’s seven initiatives in its order, linking /cause/{slug}', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.getByRole('main').getByRole('region', { name: 'Our Initiatives', exact: true });
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Our Initiatives');
  const cards = section.getByTestId('initiatives').getByRole('listitem');
  await expect(cards).toHaveCount(INITIATIVES.length);
  for (const [i, [slug, title]] of INITIATIVES.entries()) {
    const link = cards.nth(i).getByRole('link');
    await expect(link).toHaveText(title);
    await expect(link).toHaveAttribute('href', `/cause/${slug}`);
    const text = (await cards.nth(i).locator('p').textContent()) ?? '';
    expect(text.length, title).toBeGreaterThan(0);
    expect(text.length, title).toBeLessThanOrEqual(151);
    expect(text, title).not.toMatch(/<[a-z]/i);
  }
  // The footer keeps the spec's own six cause links.
  const footer = page.getByRole('contentinfo').getByRole('region', { name: 'Our causes' });
  await expect(footer.getByRole('link')).toHaveCount(6);

  for (const [locale, heading] of [
    ['es', 'Nuestras iniciativas'],
    ['fr', 'Nos initiatives'],
    ['pt', 'As nossas iniciativas'],
  ] as const) {
    await page.goto(`/${locale}`);
    const translated = page.getByRole('main').getByRole('region', { name: heading, exact: true });
    await expect(translated.getByTestId('initiatives').getByRole('listitem'), locale).toHaveCount(7);
    await expect(translated.getByRole('link', { name: 'Stop The Scan' })).toHaveAttribute(
      'href',
      `/${locale}/cause/stop-the-scan`,
    );
  }
});

test('home and /community show the spec’s figures, with its labels, in the locale’s digits', async ({
  page,
}) => {
  await page.goto('/');
  expect(await figures(page, 'Our Impact')).toEqual([
    ['Reports', '10+'],
    ['Community members supported', '2,500+'],
    ['Network partners', '35'],
    ['Volunteer hours', '10,000+'],
  ]);
  const volunteers: [string, string][] = [
    ['Active volunteers', '2,500+'],
    ['Hours contributed', '10,000+'],
    ['Projects completed', '35'],
    ['Lives impacted', '2,000+'],
  ];
  expect(await figures(page, 'Volunteer statistics')).toEqual(volunteers);
  await page.goto('/community');
  expect(await figures(page, 'Volunteer statistics')).toEqual(volunteers);

  await page.goto('/es');
  expect(await figures(page, 'Nuestro impacto')).toEqual([
    ['Informes', '10+'],
    ['Miembros de la comunidad apoyados', '2500+'],
    ['Socios de la red', '35'],
    ['Horas de voluntariado', '10.000+'],
  ]);
  await page.goto('/fr/community');
  const fr = await figures(page, 'Statistiques des bénévoles');
  expect(fr.map(([label]) => label)).toEqual([
    'Bénévoles actifs',
    'Heures données',
    'Projets menés à bien',
    'Vies touchées',
  ]);
  expect(fr[1]![1]).toMatch(/^10\s000\+$/u);
});

test('the FAQ’s “Where can I get help?” answer links /get-help', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('details').filter({ hasText: 'I have experienced racism. Where can I get help?' });
  await faq.locator('summary').click();
  await expect(faq.getByRole('link', { name: 'Get help page' })).toHaveAttribute('href', '/get-help');
  await expect(faq.getByRole('link', { name: /community/i })).toHaveCount(0);
  await page.goto('/pt');
  const pt = page.locator('details').filter({ hasText: 'Sofri racismo' });
  await pt.locator('summary').click();
  await expect(pt.getByRole('link', { name: 'página Obter ajuda' })).toHaveAttribute('href', '/pt/get-help');
});

test('a recurring event offers Google, Outlook and Yahoo; Outlook opens the next session and says so', async ({
  page,
}) => {
  await page.goto(`/event/${DROP_IN}`);
  const calendar = page.getByTestId('add-to-calendar');
  await expect(calendar.getByRole('link', { name: /^Google Calendar/ })).toHaveAttribute(
    'href',
    /calendar\.google\.com/,
  );
  await expect(calendar.getByRole('link', { name: /^Yahoo Calendar/ })).toHaveAttribute('href', /yahoo\.com/);
  const outlook = calendar.getByRole('link', { name: /^Outlook: next session only \(\w+ \d{1,2}, 20\d\d\)/ });
  const href = new URL((await outlook.getAttribute('href'))!);
  expect(href.hostname).toBe('outlook.live.com');
  // The next session: a Wednesday from 10:00 to 13:00 UK time, in the future.
  const start = new Date(href.searchParams.get('startdt')!);
  const end = new Date(href.searchParams.get('enddt')!);
  expect(start.getTime()).toBeGreaterThan(Date.now() - 3 * 3600_000);
  expect(start.getUTCDay()).toBe(3);
  expect(end.getTime() - start.getTime()).toBe(3 * 3600_000);
  // The whole series: the calendar file with its RRULE, which Outlook imports.
  const file = calendar.getByRole('link', { name: 'Outlook: every session (calendar file)' });
  const ics = await (await page.request.get((await file.getAttribute('href'))!)).text();
  expect(ics).toContain('RRULE:FREQ=WEEKLY');

  await page.goto(`/fr/event/${DROP_IN}`);
  await expect(
    page
      .getByTestId('add-to-calendar')
      .getByRole('link', { name: /^Outlook : prochaine séance uniquement \(/ }),
  ).toHaveAttribute('href', /outlook\.live\.com/);
});

test('the hero moves on from an image that fails before the page hydrates (HM4)', async ({ page }) => {
  // Answered at once, before any script runs: the error fires before React attaches onError.
  await page.route(
    (url) => url.pathname === '/_next/image' && (url.searchParams.get('url') ?? '').includes('hero-home'),
    (route: Route) => route.fulfill({ status: 404, body: '' }),
  );
  await page.goto('/');
  await waitForHydration(page);
  const hero = page.locator('section[aria-labelledby="hero-title"] img').first();
  await expect(hero).not.toHaveAttribute('src', /hero-home/);
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('a featured image that cannot load says “Featured image could not be displayed” (K9)', async ({
  page,
}) => {
  // Every source of the post's featured image fails: the optimised one and the original.
  await page.route(
    (url) => url.href.includes('post-faith-roundtable'),
    (route: Route) => route.fulfill({ status: 404, body: '' }),
  );
  await page.goto('/blog/faith-leaders-roundtable');
  await expect(page.getByRole('img', { name: /Featured image could not be displayed$/ })).toBeVisible();
  await page.goto('/es/blog/faith-leaders-roundtable');
  await expect(page.getByRole('img', { name: /No se ha podido mostrar la imagen destacada$/ })).toBeVisible();
});

test('home About shows its video (HM10)', async ({ page }) => {
  await page.goto('/');
  // The seed home page's about_video (content/seed/pages.json): a video file, played in a native player.
  const about = page.getByTestId('home-about');
  await expect(about.getByRole('heading', { level: 2, name: 'About us' })).toBeVisible();
  const video = about.locator('video[aria-label^="A short film about "]');
  await expect(video).toBeVisible();
  await expect(video.locator('source')).toHaveAttribute('src', /\.(mp4|webm)$/);
});
