import type { Page } from '@playwright/test';

import { axeViolations, dismissCookieBanner, expect as baseExpect, test, waitForHydration } from './fixtures';

/**
 * The assistant for a person facing racism (issue 33 item 2; UX review 2026-12-01 §5 and §7), on the local
 * answerer: a first-person account gets the help answer in every language; every failure, rate limit and
 * not-found reply shows 999 and Get help; on a phone the panel is modal, on a wide screen it covers nothing.
 */

const expect = baseExpect.configure({ timeout: 30_000 });

type Locale = 'en' | 'es' | 'fr' | 'pt';
const PREFIX: Record<Locale, string> = { en: '', es: '/es', fr: '/fr', pt: '/pt' };

/** Opens the chat on `path` with the keyboard and returns the panel and its text box. */
async function openChat(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  const launcher = page.getByTestId('chat-launcher');
  // It is invisible (so not focusable) until it has measured its place.
  await expect(launcher).toBeVisible();
  await launcher.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  const input = panel.getByRole('textbox');
  await expect(input).toBeFocused();
  return { launcher, panel, input };
}

async function ask(page: Page, input: ReturnType<Page['getByRole']>, question: string) {
  await input.fill(question);
  await page.keyboard.press('Enter');
}

const ACCOUNTS: [Locale, string][] = [
  ['en', 'I experienced racism at work, what can I do?'],
  ['en', 'Someone shouted a racist name at my son at school'],
  ['en', 'I can’t cope any more'],
  ['es', 'He sufrido racismo en el trabajo, ¿qué puedo hacer?'],
  ['fr', 'j ai subi du racisme au travail, que faire ?'],
  ['pt', 'Sofri racismo no trabalho, o que posso fazer?'],
];

const BUSY: Record<Locale, { title: string; busy: RegExp; help: string }> = {
  en: {
    title: 'Connection Error',
    busy: /The assistant is busy at the moment\. Please try again in 5 minutes\./,
    help: 'Get help',
  },
  es: {
    title: 'Error de conexión',
    busy: /El asistente está ocupado en este momento\./,
    help: 'Pedir ayuda',
  },
  fr: {
    title: 'Erreur de connexion',
    busy: /L’assistant est très sollicité en ce moment\./,
    help: "Obtenir de l'aide",
  },
  pt: { title: 'Erro de ligação', busy: /O assistente está ocupado neste momento\./, help: 'Obter ajuda' },
};

test.describe('assistant safeguarding', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  for (const [locale, question] of ACCOUNTS) {
    test(`[${locale}] "${question}" gets the help answer, never vacancies`, async ({ page }) => {
      const { panel, input } = await openChat(page, PREFIX[locale] || '/');
      await ask(page, input, question);
      const log = panel.getByRole('list');
      const getHelp = log.locator(`a[href="${PREFIX[locale]}/get-help"]`);
      await expect(getHelp).toBeVisible();
      await expect(log.locator('a[href="tel:999"]')).toBeVisible();
      await expect(log.locator('a[href="tel:116123"]')).toBeVisible();
      await expect(log.locator('a[href="tel:08001381625"]')).toBeVisible();
      await expect(log.locator('a[href="https://www.report-it.org.uk"]')).toBeVisible();
      await expect(log.locator('a[href*="/vacancies"], a[href*="/event/"], a[href*="/courses"]')).toHaveCount(
        0,
      );
    });
  }

  test('a reply that found nothing still offers 999 and Get help', async ({ page }) => {
    const { panel, input } = await openChat(page, '/fr');
    await ask(page, input, 'zxqv wibble frobnicate');
    const log = panel.getByRole('list');
    await expect(log.getByText(/Je n’ai rien trouvé/)).toBeVisible();
    await expect(log.locator('a[href="/fr/get-help"]')).toBeVisible();
    await expect(log.locator('a[href="tel:999"]')).toBeVisible();
  });

  for (const locale of ['en', 'es', 'fr', 'pt'] as const) {
    test(`[${locale}] a rate limit says the assistant is busy, blames no one, and shows 999 and Get help`, async ({
      page,
    }) => {
      await page.route('**/api/assistant', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 429,
              headers: { 'content-type': 'application/json', 'retry-after': '297' },
              body: JSON.stringify({ error: 'rate_limited' }),
            })
          : route.continue(),
      );
      const { panel, input } = await openChat(page, PREFIX[locale] || '/');
      await ask(page, input, 'hello');
      const banner = panel.getByRole('alert');
      await expect(banner).toContainText(BUSY[locale].title);
      await expect(banner).toContainText(BUSY[locale].busy);
      await expect(banner).not.toContainText(/sent a lot|has enviado|avez envoyé|enviou/i);
      await expect(banner.locator('a[href="tel:999"]')).toContainText('999');
      await expect(banner.getByRole('link', { name: BUSY[locale].help })).toHaveAttribute(
        'href',
        `${PREFIX[locale]}/get-help`,
      );
    });
  }

  test('a connection failure keeps the spec texts and adds 999 and Get help', async ({ page }) => {
    await page.route('**/api/assistant', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    const { panel, input } = await openChat(page, '/');
    await ask(page, input, 'What events are coming up?');
    const banner = panel.getByRole('alert');
    await expect(banner).toContainText('Connection Error');
    await expect(banner.getByRole('button', { name: 'Retry Connection' })).toBeVisible();
    await expect(page.getByText('Communication Error')).toBeVisible();
    await expect(
      panel
        .getByRole('list')
        .getByText(
          "I apologize, but I'm having trouble connecting to our servers. Please try again in a moment.",
        ),
    ).toBeVisible();
    await expect(banner.getByRole('link', { name: 'In an emergency, call 999' })).toHaveAttribute(
      'href',
      'tel:999',
    );
    await expect(banner.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/get-help');
    // The toast (not this banner) is checked elsewhere; axe reads it mid-fade as low contrast.
    await expect(page.getByText('Communication Error')).toBeHidden({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('chat panel keyboard (review §7)', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  for (const width of [390, 1366]) {
    test(`at ${width} px it is modal: Tab stays inside, the page is inert, Escape returns focus to the launcher`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      const { launcher, panel } = await openChat(page, '/');
      await expect(panel).toHaveAttribute('aria-modal', 'true');
      expect(await page.evaluate(() => !!document.querySelector('main')?.closest('[inert]'))).toBe(true);
      // Forty Tabs and twenty Shift+Tabs (the panel has fewer stops): focus never leaves the panel.
      for (const [key, times] of [
        ['Tab', 40],
        ['Shift+Tab', 20],
      ] as const) {
        for (let i = 0; i < times; i++) {
          await page.keyboard.press(key);
          const inside = await page.evaluate(
            () => !!document.activeElement?.closest('[data-testid="chat-panel"]'),
          );
          expect(inside, `${key} #${i + 1}`).toBe(true);
        }
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(launcher).toBeFocused();
      expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
    });
  }

  test('on a wide screen no live control lies under it: non-modal beside the page, or modal when the page cannot make room', async ({
    page,
  }) => {
    // From 1440 px the page is given the panel's width; if a control still lies under the panel (a full-width
    // element), the panel is modal there too (components/assistant/panel-mode.ts). Either way nothing focusable
    // and live is hidden by it, which is what WCAG 2.4.11 asks.
    await page.setViewportSize({ width: 1920, height: 1000 });
    const { launcher, panel } = await openChat(page, '/');
    const modal = (await panel.getAttribute('aria-modal')) === 'true';
    expect(await page.evaluate(() => !!document.querySelector('main')?.closest('[inert]'))).toBe(modal);
    console.info(`[assistant-safeguarding] panel at 1920 px on /: ${modal ? 'modal' : 'non-modal'}`);
    // No focusable control of the page lies under the panel (the theme and language buttons were, before).
    const covered = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="chat-panel"]')!.getBoundingClientRect();
      return [
        ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]'),
      ]
        .filter(
          (el) =>
            !el.closest('[data-testid="chat-panel"], [inert]') &&
            el.getClientRects().length &&
            getComputedStyle(el).visibility !== 'hidden',
        )
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight && r.right > box.left && r.left < box.right;
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName);
    });
    expect(covered).toEqual([]);
    // From the panel's last stop, Tab moves on into the page (non-modal), to something not behind the panel.
    await panel.getByRole('link', { name: 'Privacy policy' }).focus();
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const box = document.querySelector('[data-testid="chat-panel"]')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return {
        inPanel: !!el.closest('[data-testid="chat-panel"]'),
        under: r.right > box.left && r.left < box.right,
      };
    });
    // Non-modal: on into the page, to a control in view; modal: round to the panel's first stop.
    expect(next.inPanel).toBe(modal);
    if (!modal) expect(next.under).toBe(false);
    await panel.getByRole('textbox').focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    expect(await page.evaluate(() => document.body.style.paddingInlineEnd)).toBe('');
  });
});
