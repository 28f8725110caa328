import { expect, test } from '@playwright/test';
import { decodeHTML } from 'entities';

import { dismissCookieBanner } from '../fixtures';
import { restUrl } from './rest';

/**
 * The events pages built against the real WordPress rig (scripts/wp-rig.sh): the list and a single event render
 * from WordPress's `events` post type in every locale, and the ICS routes answer with a calendar.
 */
const wordpressUrl = process.env.TEST_WORDPRESS_URL ?? '';

type WpEvent = { slug: string; title: { rendered: string }; acf: Record<string, unknown> | unknown[] };

/** An event with a readable date (8-digit or ISO), so it has an ICS file. */
async function datedEvent(): Promise<WpEvent> {
  const res = await fetch(restUrl(wordpressUrl, 'events?per_page=50&_fields=slug,title,acf'));
  expect(res.ok, `events: HTTP ${res.status}`).toBe(true);
  const events = (await res.json()) as WpEvent[];
  const event = events.find(
    (e) => !Array.isArray(e.acf) && /^(\d{8}|\d{4}-\d{2}-\d{2})$/.test(String(e.acf.event_date ?? '')),
  );
  expect(event, 'an event with a date in WordPress').toBeDefined();
  return event!;
}

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

for (const [prefix, title] of [
  ['', 'Events'],
  ['/es', 'Eventos'],
  ['/fr', 'Événements'],
  ['/pt', 'Eventos'],
] as const) {
  test(`${prefix || '/'}: the events list and an event render from WordPress`, async ({ page }) => {
    const event = await datedEvent();
    expect((await page.goto(`${prefix}/events`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('event-card').first()).toBeVisible();

    expect((await page.goto(`${prefix}/event/${event.slug}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      decodeHTML(event.title.rendered.replace(/<[^>]+>/g, '')).trim(),
    );
    await expect(page.getByTestId('event-when')).not.toHaveText(/^$/);
  });
}

test('the ICS download and the /events.ics feed answer with calendars', async ({ request }) => {
  const event = await datedEvent();
  const single = await request.get(`/event/${event.slug}/calendar.ics`);
  expect(single.status()).toBe(200);
  expect(single.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await single.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain('TZID:Europe/London');
  expect(body).toContain('BEGIN:VEVENT');

  const feed = await request.get('/events.ics');
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  const legacy = await request.get('/event/42', { maxRedirects: 0 });
  expect([301, 307, 308]).toContain(legacy.status());
  expect(new URL(legacy.headers()['location']!, 'http://x').pathname).toBe('/events');
});
