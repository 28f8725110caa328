import type { Locator, Page } from '@playwright/test';

import { dismissCookieBanner, expect, test } from './fixtures';

/**
 * Events (docs/SPEC-NOTES.md §2 Events list and Single event) on the bundled snapshot. Which events are upcoming changes as
 * time passes, so list assertions are about order and structure; single-event assertions use events whose
 * wall-clock times are fixed in the content (a winter and a summer one, for GMT and BST).
 */
const WINTER = 'winter-solidarity-social-2026'; // 10 December 2026, 18:30-21:30 GMT, Hope Street Hall
// An upcoming summer event: past events offer no 'Add to calendar' links (issue 19 item 6).
const SUMMER = 'members-assembly-online-june-2027'; // 12 June 2027, 10:00-12:00 BST (09:00Z)

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** waitForHydration with room for a busy dev server's first compile of the page's client chunks. */
async function hydrated(page: Page) {
  await expect(page.locator('[data-theme-option][aria-pressed="true"]').first()).toBeAttached({
    timeout: 30_000,
  });
}

async function starts(cards: Locator): Promise<(number | null)[]> {
  return (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-start') ?? ''))).map((s) =>
    s ? Date.parse(s) : null,
  );
}

test('the list shows upcoming events soonest first, then past events most recent first, with badges', async ({
  page,
}) => {
  expect((await page.goto('/events'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming events' })).toBeVisible();

  const upcoming = page.getByTestId('upcoming-events').getByTestId('event-card');
  const past = page.getByTestId('past-events').getByTestId('event-card');
  const up = await starts(upcoming);
  const down = await starts(past);
  expect(up.length + down.length).toBeGreaterThan(5);

  // Upcoming: dated ones in ascending order, then those with no date ('Date TBA') last.
  const dated = up.filter((s): s is number => s !== null);
  expect(up.slice(0, dated.length)).toEqual(dated);
  expect(dated).toEqual([...dated].sort((a, b) => a - b));
  // Past: descending; and the upcoming section comes before the past one on the page.
  const pastDated = down.filter((s): s is number => s !== null);
  expect(pastDated).toEqual([...pastDated].sort((a, b) => b - a));
  if (down.length > 0 && up.length > 0) {
    const [a, b] = await Promise.all([upcoming.first().boundingBox(), past.first().boundingBox()]);
    expect(a!.y).toBeLessThan(b!.y);
  }
  // Every card is online and/or in person; the snapshot has both kinds.
  const all = page.getByTestId('event-card');
  for (const card of await all.all()) {
    await expect(card.locator('[data-badge="online"], [data-badge="in-person"]').first()).toBeVisible();
  }
  await expect(page.locator('[data-badge="online"]').first()).toHaveText('Online');
  await expect(page.locator('[data-badge="in-person"]').first()).toHaveText('In person');
  for (const card of await page.getByTestId('past-events').getByTestId('event-card').all()) {
    await expect(card.locator('[data-badge="phase"]')).toHaveText('Past event');
  }

  // Cards link to /event/{slug}; the calendar feed is offered.
  await expect(all.first().getByRole('link')).toHaveAttribute('href', /^\/event\/[^/]+$/);
  await expect(page.getByRole('link', { name: /Download all upcoming events/ })).toHaveAttribute(
    'href',
    '/events.ics',
  );
  await expect(page.getByRole('link', { name: 'Subscribe to the calendar' })).toHaveAttribute(
    'href',
    /^webcal:\/\/.+\/events\.ics$/,
  );
});

test('a single event has its image, title, Hosted By, About, When, Where, badges and actions', async ({
  page,
}) => {
  expect((await page.goto(`/event/${WINTER}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Winter Solidarity Social' })).toBeVisible();
  await expect(page.getByTestId('event-detail').locator('img').first()).toBeVisible();
  for (const name of [
    'Hosted By',
    'About the event',
    'When',
    'Where',
    'Add to calendar',
    'Agenda',
    'Organizers',
  ]) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  // docs/SPEC-NOTES.md §9: 'Month day, year @ time to time', 12-hour, in UK time.
  await expect(page.getByTestId('event-when')).toHaveText('December 10, 2026 @ 6:30 PM to 9:30 PM');
  await expect(page.getByTestId('event-when').locator('time')).toHaveAttribute(
    'datetime',
    '2026-12-10T18:30:00+00:00',
  );
  await expect(page.getByTestId('event-where')).toHaveText(
    'Hope Street Hall, 12 Chapeltown Road, Leeds, LS7 3AP',
  );
  await expect(page.locator('[data-badge="in-person"]')).toHaveText('In person');

  // About the event: the excerpt, at most 200 characters (+ an ellipsis when cut).
  const about = page
    .getByRole('heading', { name: 'About the event' })
    .locator('xpath=following-sibling::div');
  expect((await about.innerText()).trim().length).toBeLessThanOrEqual(201);

  // Calendar links open in a new tab and say so; the ICS download points at the route.
  const google = page.getByRole('link', { name: /Google Calendar/ });
  await expect(google).toHaveAttribute('target', '_blank');
  await expect(google).toHaveAccessibleName('Google Calendar (opens in a new tab)');
  const href = new URL((await google.getAttribute('href'))!);
  expect(href.hostname).toBe('calendar.google.com');
  expect(href.searchParams.get('dates')).toBe('20261210T183000Z/20261210T213000Z');
  await expect(page.getByRole('link', { name: /Outlook/ })).toHaveAttribute('href', /outlook\.live\.com/);
  await expect(page.getByRole('link', { name: /Yahoo Calendar/ })).toHaveAttribute(
    'href',
    /calendar\.yahoo\.com/,
  );
  await expect(page.getByRole('link', { name: 'Apple / other calendar (.ics)' })).toHaveAttribute(
    'href',
    `/event/${WINTER}/calendar.ics`,
  );

  // Share to Facebook, X, LinkedIn and WhatsApp.
  await hydrated(page);
  await page.getByRole('button', { name: 'Share' }).click();
  for (const name of ['Facebook', 'X (Twitter)', 'LinkedIn', 'WhatsApp']) {
    await expect(
      page.getByRole('link', { name: new RegExp(`Share on ${name.replace(/[()]/g, '\\$&')}`) }),
    ).toBeVisible();
  }

  // Event JSON-LD.
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const event = ld.map((s) => JSON.parse(s) as Record<string, unknown>).find((d) => d['@type'] === 'Event');
  expect(event).toMatchObject({
    name: 'Winter Solidarity Social',
    startDate: '2026-12-10T18:30:00+00:00',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', address: { '@type': 'PostalAddress', postalCode: 'LS7 3AP' } },
    organizer: { '@type': 'NGO' },
  });
});

test('summer (BST) times are UTC-correct in the calendar links and ICS', async ({ page, request }) => {
  await page.goto(`/event/${SUMMER}`);
  await expect(page.getByTestId('event-when')).toHaveText('June 12, 2027 @ 10:00 AM to 12:00 PM');
  const google = new URL((await page.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
  expect(google.searchParams.get('dates')).toBe('20270612T090000Z/20270612T110000Z');
  const ics = await (await request.get(`/event/${SUMMER}/calendar.ics`)).text();
  expect(ics).toContain('DTSTART;TZID=Europe/London:20270612T100000');
});

test('events without a date or place say Date TBA / Location TBA', async ({ page }) => {
  await page.goto('/events');
  const cards = page.getByTestId('event-card');
  for (const [text, testId] of [
    ['Date TBA', 'event-when'],
    ['Location TBA', 'event-where'],
  ] as const) {
    const card = cards.filter({ hasText: text }).first();
    await expect(card).toBeVisible();
    const href = await card.getByRole('link').getAttribute('href');
    expect((await page.goto(href!))?.status()).toBe(200);
    await expect(page.getByTestId(testId)).toHaveText(text);
    if (text === 'Date TBA') {
      // Nothing to add to a calendar yet.
      await expect(page.getByRole('heading', { name: 'Add to calendar' })).toHaveCount(0);
    }
    await page.goto('/events');
  }
});

test('the ICS download opens in a calendar: VCALENDAR, Europe/London VTIMEZONE, the local start', async ({
  request,
}) => {
  const res = await request.get(`/event/${WINTER}/calendar.ics`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers()['content-disposition']).toBe(`attachment; filename="${WINTER}.ics"`);
  const body = await res.text();
  expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n');
  expect(body).toContain('DTSTART;TZID=Europe/London:20261210T183000\r\n');
  expect(body).toContain('DTEND;TZID=Europe/London:20261210T213000\r\n');
  expect(body).toContain('SUMMARY:Winter Solidarity Social\r\n');
  expect(body).toContain('STATUS:CONFIRMED\r\n');
  expect(body).toContain(`URL:`);
  expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);

  const missing = await request.get('/event/no-such-event-here/calendar.ics');
  expect(missing.status()).toBe(404);
});

test('/events.ics lists every upcoming dated event and can be subscribed to', async ({ page, request }) => {
  const res = await request.get('/events.ics');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await res.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toMatch(/X-WR-CALNAME:.+ – Events/);
  expect(body).toContain('TZID:Europe/London');
  await page.goto('/events');
  const dated = (await starts(page.getByTestId('upcoming-events').getByTestId('event-card'))).filter(
    (s) => s !== null,
  );
  expect(body.match(/BEGIN:VEVENT/g)?.length ?? 0).toBe(dated.length);
});

test('/event/{numeric id} redirects to the localised events list', async ({ page, request }) => {
  const res = await request.get('/event/42', { maxRedirects: 0 });
  expect([301, 307, 308]).toContain(res.status());
  expect(new URL(res.headers()['location']!, 'http://x').pathname).toBe('/events');
  await page.goto('/event/42');
  await expect(page).toHaveURL(/\/events$/);
  await page.goto('/es/event/42');
  await expect(page).toHaveURL(/\/es\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
});

test('an unknown event is a real 404', async ({ page }) => {
  const res = await page.goto('/event/no-such-event-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Event Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All events' }).last()).toHaveAttribute('href', '/events');
});

const TRANSLATED = {
  es: {
    title: 'Eventos',
    upcoming: 'Próximos eventos',
    about: 'Sobre el evento',
    when: 'Cuándo',
    where: 'Dónde',
  },
  fr: {
    title: 'Événements',
    upcoming: 'Événements à venir',
    about: 'À propos de l’événement',
    when: 'Quand',
    where: 'Où',
  },
  pt: {
    title: 'Eventos',
    upcoming: 'Próximos eventos',
    about: 'Sobre o evento',
    when: 'Quando',
    where: 'Onde',
  },
} as const;

for (const [locale, t] of Object.entries(TRANSLATED)) {
  test(`${locale}: the list and an event render with translated headings`, async ({ page }) => {
    expect((await page.goto(`/${locale}/events`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t.upcoming })).toBeVisible();
    await expect(page.getByTestId('event-card').first().getByRole('link')).toHaveAttribute(
      'href',
      new RegExp(`^/${locale}/event/`),
    );
    expect((await page.goto(`/${locale}/event/${WINTER}`))?.status()).toBe(200);
    for (const name of [t.about, t.when, t.where]) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    // Dates are in the locale's own form, still in UK time.
    await expect(page.getByTestId('event-when')).toContainText('18:30');
  });
}

// Every page above is scanned by axe in both themes in a11y.spec.ts.

test("a YouTube event video shows YouTube's hqdefault still only after cookies are accepted", async ({
  browser,
}) => {
  const path = '/event/youth-climate-film-night-march-2027';
  const still = 'img[data-video-still]';
  for (const choice of ['declined', 'accepted'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('i.ytimg.com')) requested.push(r.url());
    });
    await dismissCookieBanner(page, choice);
    await page.goto(path);
    await expect(page.getByRole('button', { name: /^Play video: Youth climate film night/i })).toBeVisible();
    if (choice === 'accepted') {
      await expect(page.locator(still)).toHaveAttribute(
        'src',
        /^https:\/\/i\.ytimg\.com\/vi\/[\w-]{11}\/hqdefault\.jpg$/,
      );
    } else {
      await expect(page.locator(still)).toHaveCount(0);
      expect(requested).toEqual([]);
    }
    await context.close();
  }
});
