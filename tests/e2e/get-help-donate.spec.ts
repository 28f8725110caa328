import type { Page } from '@playwright/test';

import { axeViolations, dismissCookieBanner, expect, test, useTheme, waitForHydration } from './fixtures';

/**
 * Issue 19 items 1 and 2 on a 390 px phone: Get help (reachable from header, hero and footer), 'Exit this page'
 * (Shift three times or the button replace the page and its history entry; a plain link without JavaScript),
 * content notes on posts tagged content-note, and the donate form handing its choice to the payment provider.
 * The neutral site and the provider are not reachable from here: the browser answers for them (page.route).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const EXIT_URL = 'https://www.bbc.co.uk/weather';
const PROVIDER = 'https://donate.example.org/leeds-racial-justice-network';
const SENSITIVE_POST = '/blog/collective-conversation-on-grief';
// Not one of the posts with a content note (the drop-in launch post became one: issue 33 item 6).
const OTHER_POST = '/blog/growing-together-community-gardens';

async function fakeNeutralSite(page: Page) {
  await page
    .context()
    .route('https://www.bbc.co.uk/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Weather</title><h1>Weather</h1>',
      }),
    );
}

/** Records the provider URLs the browser asks for, answering with a stand-in page. */
async function fakeProvider(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().route('https://donate.example.org/**', (route) => {
    seen.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Payment</title><h1>Payment</h1>',
    });
  });
  return seen;
}

test.describe('Get help', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await fakeNeutralSite(page);
  });

  test('is linked from the header, the hero and the footer, and fits a phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      '/get-help',
    );
    await expect(
      page.locator('section[aria-labelledby="hero-title"]').getByRole('link', { name: 'Get help' }),
    ).toHaveAttribute('href', '/get-help');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Get help and report it' }),
    ).toHaveAttribute('href', '/get-help');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('walk it from the header, then leave with Shift three times: Back does not return to it', async ({
    page,
  }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/get-help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get help' })).toBeVisible();
    await expect(page).toHaveTitle(/^Get help \| /);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'In an emergency' })).toBeVisible();
    // The emergency number is one large tap target (at least 48 px tall, the column's width on a phone).
    const call999 = main.getByRole('link', { name: 'Call 999', exact: true });
    await expect(call999).toHaveAttribute('href', 'tel:999');
    expect((await call999.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await expect(main.getByText(/ask for an interpreter when you call 999, 101 or Stop Hate UK/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'call 101' })).toHaveAttribute('href', 'tel:101');
    await expect(main.getByRole('link', { name: /report-it\.org\.uk/ })).toHaveAttribute(
      'href',
      'https://www.report-it.org.uk',
    );
    await expect(main.getByRole('link', { name: '0800 138 1625' })).toHaveAttribute(
      'href',
      'tel:08001381625',
    );
    await expect(main.getByRole('link', { name: /stophateuk\.org/ })).toHaveAttribute(
      'href',
      'https://www.stophateuk.org',
    );
    await expect(main.getByRole('link', { name: 'call 116 123' })).toHaveAttribute('href', 'tel:116123');
    // The drop-in's real day, hours and place, from the events content.
    const dropIn = page.getByTestId('drop-in');
    // The events' own time format (spec §9), the same as on /events and the event page.
    await expect(dropIn).toContainText('Every Wednesday, 10:00 AM to 1:00 PM');
    await expect(dropIn).toContainText('Hope Street Hall, 12 Chapeltown Road, Leeds, LS7 3AP');
    await expect(dropIn.getByRole('link', { name: 'More about the drop-in' })).toHaveAttribute(
      'href',
      '/event/pastoral-support-drop-in-2025-2028',
    );
    await expect(main.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(main.locator('#help-next ~ ol > li')).toHaveCount(5);

    await page.keyboard.press('Shift');
    await expect(page.locator('[data-exit-this-page] [aria-live]')).toHaveText(
      'Press Shift 2 more times to exit.',
    );
    await page.keyboard.press('Shift');
    await expect(page.locator('[data-exit-this-page] [aria-live]')).toHaveText(
      'Press Shift 1 more time to exit.',
    );
    await page.keyboard.press('Shift');
    await expect(page).toHaveURL(EXIT_URL);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('leave by the Exit this page button: the history entry is replaced', async ({ page }) => {
    await page.goto('/events');
    await page.goto('/get-help');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Exit this page' }).click();
    await expect(page).toHaveURL(EXIT_URL);
    await page.goBack();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('a key other than Shift starts the count again', async ({ page }) => {
    await page.goto('/get-help');
    await waitForHydration(page);
    await page.keyboard.press('Shift');
    await page.keyboard.press('Shift');
    await page.keyboard.press('a');
    await page.keyboard.press('Shift');
    await expect(page.locator('[data-exit-this-page] [aria-live]')).toHaveText(
      'Press Shift 2 more times to exit.',
    );
    await expect(page).toHaveURL(/\/get-help$/);
  });

  test('is translated, with the drop-in day in the locale', async ({ page }) => {
    await page.goto('/es/get-help');
    await expect(page.getByRole('heading', { level: 1, name: 'Pedir ayuda' })).toBeVisible();
    await expect(page.getByTestId('drop-in')).toContainText('Cada miércoles, de 10:00 a 13:00');
    await expect(page.getByRole('link', { name: 'Salir de esta página' })).toHaveAttribute('href', EXIT_URL);
    await page.goto('/fr/get-help');
    await expect(page.getByRole('heading', { level: 1, name: "Obtenir de l'aide" })).toBeVisible();
    await page.goto('/pt/get-help');
    await expect(page.getByRole('heading', { level: 1, name: 'Obter ajuda' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Exit this page is a plain link to the neutral site', async ({ page }) => {
    await fakeNeutralSite(page);
    await page.goto('/get-help');
    const exit = page.getByRole('link', { name: 'Exit this page' });
    await expect(exit).toHaveAttribute('href', EXIT_URL);
    await exit.click();
    await expect(page).toHaveURL(EXIT_URL);
    await expect(page.getByRole('heading', { name: 'Weather' })).toBeVisible();
  });

  test('the donate form reaches the provider with the chosen amount and frequency', async ({ page }) => {
    const seen = await fakeProvider(page);
    await page.goto('/donate');
    await page.getByRole('radio', { name: 'One-off' }).check();
    await page.getByRole('radio', { name: /^£50/ }).check();
    await page.getByRole('button', { name: 'Continue to secure payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    expect(seen).toEqual([`${PROVIDER}?amount=50&frequency=one-off`]);
  });
});

test.describe('content notes', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('a post tagged content-note shows the note and Exit this page before its body', async ({ page }) => {
    await page.goto(SENSITIVE_POST);
    const note = page.getByRole('complementary', { name: 'Content note' });
    await expect(note).toBeVisible();
    await expect(note.getByRole('link', { name: /Get help page/ })).toHaveAttribute('href', '/get-help');
    await expect(page.getByRole('link', { name: 'Exit this page' })).toHaveAttribute('href', EXIT_URL);
    // Before the body: the note comes first in the reading order.
    const order = await page.evaluate(() => {
      const note = document.querySelector('[data-content-note]');
      const body = [...document.querySelectorAll('article p')].find((p) =>
        p.textContent?.includes('Twenty-one people'),
      );
      return note && body ? note.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
  });

  test('other posts have neither, and every post ends with a Donate call to action', async ({ page }) => {
    await page.goto(OTHER_POST);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-content-note]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Exit this page' })).toHaveCount(0);
    const cta = page.locator('[data-donate-cta="post"]');
    await expect(cta.getByRole('heading', { name: 'Support this work' })).toBeVisible();
    await expect(cta.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
  });
});

test.describe('donate', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('the home page calls to donate', async ({ page }) => {
    await page.goto('/');
    const cta = page.locator('[data-donate-cta="home"]');
    await expect(cta.getByRole('heading', { name: 'Help keep our drop-in open' })).toBeVisible();
    await cta.getByRole('link', { name: 'Donate' }).click();
    await expect(page).toHaveURL(/\/donate$/);
  });

  test('the page explains the amounts, Gift Aid and the charity number', async ({ page }) => {
    await page.goto('/donate');
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^£10/ })).toBeChecked();
    for (const amount of [5, 10, 25, 50]) {
      await expect(page.getByRole('radio', { name: new RegExp(`^£${amount}\\b`) })).toBeVisible();
    }
    await expect(page.getByRole('radio', { name: /^£25/ })).toHaveAccessibleName(/interpreter/);
    await expect(page.getByText('£10 gift becomes £12.50')).toBeVisible();
    await expect(page.locator('form')).toContainText('Registered charity number 0000000');
  });

  test('one-off: the form builds the provider URL with the chosen amount', async ({ page }) => {
    const seen = await fakeProvider(page);
    await page.goto('/donate');
    await page.getByRole('radio', { name: 'One-off' }).check();
    await page.getByRole('radio', { name: /^£25/ }).check();
    await page.getByRole('button', { name: 'Continue to secure payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    expect(seen).toEqual([`${PROVIDER}?amount=25&frequency=one-off`]);
  });

  test('monthly: another amount replaces the suggested one', async ({ page }) => {
    const seen = await fakeProvider(page);
    await page.goto('/donate');
    await page.getByLabel('Or enter another amount').fill('7.50');
    await page.getByRole('button', { name: 'Continue to secure payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    expect(seen).toEqual([`${PROVIDER}?amount=7.50&frequency=monthly`]);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe WCAG 2.2 AA at 390 px, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));
    // One path per template at this width: another locale repeats the same markup with other words.
    for (const path of ['/get-help', '/donate', SENSITIVE_POST, '/']) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /\blight\b/);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
