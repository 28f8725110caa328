import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/**
 * Events people can trust (issue 19 item 6) on the bundled snapshot: on a phone When, Where and the registration
 * button come before the description; an event that is over offers no 'Add to calendar'; the weekly drop-in reads
 * as a weekly session and goes into calendars as a series; 'Happening now' follows the visitor's clock (injected
 * with Playwright's clock), in UK time, even on a cached page.
 */
const DROP_IN = 'pastoral-support-drop-in-2025-2028'; // every Wednesday 10:00-13:00, September 2025 to July 2028
const TRAINING = 'stop-the-scan-campaign-training-february-2027'; // 11 February 2027, with a 'Join Event' link
const PAST = 'heat-at-home-launch-discussion'; // 19 September 2024

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('When, Where and the registration button come before the description', async ({ page }) => {
    await page.goto(`/event/${TRAINING}`);
    const facts = page.getByTestId('event-key-facts');
    const when = facts.getByTestId('event-when');
    const where = facts.getByTestId('event-where');
    const register = facts.getByRole('link', { name: /Join Event/ });
    const about = page.getByRole('heading', { level: 2, name: 'About the event' });
    await expect(register).toBeVisible();
    const aboutTop = (await about.boundingBox())!.y;
    for (const item of [when, where, register]) {
      expect((await item.boundingBox())!.y).toBeLessThan(aboutTop);
    }
    // The reading order matches: the facts come first in the document too.
    const order = await page.evaluate(() => {
      const facts = document.querySelector('[data-testid="event-key-facts"]')!;
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'About the event')!;
      return facts.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
  });
});

test('an event that is over offers no Add to calendar; an upcoming one does', async ({ page }) => {
  await page.goto(`/event/${PAST}`);
  await expect(page.locator('[data-badge="phase"]')).toHaveText('Past event');
  await expect(page.getByTestId('add-to-calendar')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Google Calendar/ })).toHaveCount(0);
  await page.goto(`/event/${TRAINING}`);
  await expect(page.getByTestId('add-to-calendar')).toBeVisible();
});

test('the weekly drop-in reads as a weekly session and is added to calendars as a series', async ({
  page,
  request,
}) => {
  await page.goto(`/event/${DROP_IN}`);
  await expect(page.getByTestId('event-when')).toHaveText('Every Wednesday @ 10:00 AM to 1:00 PM');
  await expect(page.getByTestId('event-series')).toContainText('From September 3, 2025 to July 26, 2028');
  const google = new URL((await page.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
  expect(google.searchParams.get('recur')).toBe(
    'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z',
  );
  // Outlook's link cannot repeat an event: it opens Outlook with the next session and says so, and the whole
  // series goes in as the calendar file (with its RRULE, below).
  const outlook = page.getByRole('link', { name: /^Outlook: next session only \(.+, 20\d\d\)/ });
  await expect(outlook).toHaveAttribute('href', /^https:\/\/outlook\.live\.com\//);
  await expect(page.getByRole('link', { name: 'Outlook: every session (calendar file)' })).toHaveAttribute(
    'href',
    `/event/${DROP_IN}/calendar.ics`,
  );
  const ics = await (await request.get(`/event/${DROP_IN}/calendar.ics`)).text();
  expect(ics).toContain('DTEND;TZID=Europe/London:20250903T130000');
  expect(ics).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z');
  const feed = await (await request.get('/events.ics')).text();
  expect(feed).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z');

  await page.goto('/events');
  const card = page.getByTestId('event-card').filter({ hasText: 'Pastoral support drop-in' });
  await expect(card).toContainText('Every Wednesday @ 10:00 AM to 1:00 PM');
  await expect(card).not.toContainText('2028');
});

test("'Happening now' only while a session is on, by the visitor's clock in UK time", async ({ page }) => {
  const badge = page.locator('[data-badge="phase"]');
  // Wednesday 2 December 2026 (GMT). Before the 10:00 session: upcoming (the review saw 'Happening now' at 09:07).
  await page.clock.setFixedTime(new Date('2026-12-02T09:07:00Z'));
  await page.goto(`/event/${DROP_IN}`);
  await expect(badge).toHaveAttribute('data-phase', 'upcoming');
  await expect(badge).toHaveText('Upcoming');
  // During the session.
  await page.clock.setFixedTime(new Date('2026-12-02T10:30:00Z'));
  await page.reload();
  await expect(badge).toHaveAttribute('data-phase', 'ongoing');
  await expect(badge).toHaveText('Happening now');
  // Wednesday 2 June 2027 (BST): 12:30Z is 13:30 in Leeds, after the session.
  await page.clock.setFixedTime(new Date('2027-06-02T12:30:00Z'));
  await page.reload();
  await expect(badge).toHaveAttribute('data-phase', 'upcoming');
});

test("the badge turns to 'Happening now' by itself when a session starts", async ({ page }) => {
  const badge = page.locator('[data-badge="phase"]');
  // Wednesday 9 December 2026 (GMT), ten seconds before the 10:00 session.
  await page.clock.install({ time: new Date('2026-12-09T09:59:50Z') });
  await page.goto(`/event/${DROP_IN}`);
  await waitForHydration(page);
  await expect(badge).toHaveAttribute('data-phase', 'upcoming');
  await page.clock.runFor(20_000);
  await expect(badge).toHaveAttribute('data-phase', 'ongoing');
});
