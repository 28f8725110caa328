import type { Locator, Page } from '@playwright/test';

import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/**
 * Issue 33 item 4 (review §8 Header): on phones the header's controls never overlap, in any locale (French is the
 * longest), and the logo glyph keeps its size; at 200% zoom (683 px) the short name shows rather than a truncated
 * full name. Measured by box geometry. The mobile menu closes when focus leaves it (review §7).
 */

const LOCALES = [
  { prefix: '', help: 'Help', donate: 'Donate', menu: 'Open menu', login: 'Sign in' },
  { prefix: '/es', help: 'Ayuda', donate: 'Donar', menu: 'Abrir menú', login: 'Iniciar sesión' },
  { prefix: '/fr', help: 'Aide', donate: 'Faire un don', menu: 'Ouvrir le menu', login: 'Connexion' },
  { prefix: '/pt', help: 'Ajuda', donate: 'Doar', menu: 'Abrir menu', login: 'Iniciar sessão' },
] as const;

const FULL_HELP = { '': 'Get help', '/es': 'Pedir ayuda', '/fr': "Obtenir de l'aide", '/pt': 'Obter ajuda' };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator, name: string): Promise<Box> {
  await expect(locator, name).toHaveCount(1);
  await expect(locator, name).toBeVisible();
  const found = await locator.boundingBox();
  expect(found, name).not.toBeNull();
  return found!;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The header's controls a phone shows, by name; `help`: the Help link's label (the full one from sm up). */
async function headerBoxes(page: Page, texts: (typeof LOCALES)[number], help: string = texts.help) {
  const banner = page.getByRole('banner');
  return {
    glyph: await box(banner.locator('[data-logo-glyph]'), 'logo glyph'),
    wordmark: await box(banner.locator('[data-wordmark]:visible'), 'wordmark'),
    help: await box(banner.getByRole('link', { name: help, exact: true }), 'Help'),
    donate: await box(banner.getByRole('link', { name: new RegExp(`^${texts.donate}\\b`) }), 'Donate'),
    account: await box(banner.getByRole('link', { name: texts.login, exact: true }), 'account'),
    menu: await box(banner.getByRole('button', { name: texts.menu, exact: true }), 'menu toggle'),
  };
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

for (const width of [320, 360, 390]) {
  test.describe(`phone header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: true });

    for (const texts of LOCALES) {
      test(`${texts.prefix || '/'}: no two controls overlap, all inside the screen, the glyph at full size`, async ({
        page,
      }) => {
        await page.goto(texts.prefix || '/');
        const boxes = await headerBoxes(page, texts);
        const entries = Object.entries(boxes);
        for (const [name, b] of entries) {
          expect(b.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
          expect(b.y, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width, `${name} ends inside the screen`).toBeLessThanOrEqual(width);
        }
        for (let i = 0; i < entries.length; i += 1) {
          for (let j = i + 1; j < entries.length; j += 1) {
            const [a, boxA] = entries[i]!;
            const [b, boxB] = entries[j]!;
            expect(overlap(boxA, boxB), `${a} and ${b} overlap`).toBe(false);
          }
        }
        // size-9: the glyph never shrinks (it collapsed to 0-14 px beside long labels).
        expect(boxes.glyph.width).toBe(36);
        expect(boxes.glyph.height).toBe(36);
        // Help and Donate are large tap targets with their words, whatever the language.
        for (const name of ['help', 'donate'] as const) {
          expect(boxes[name].height, name).toBeGreaterThanOrEqual(44);
        }
        await expect(page.getByRole('banner').locator('[data-wordmark]:visible')).toHaveText('LRJN');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }

    test('Donate still opens the external donation page in a new tab (the spec’s header Donate)', async ({
      page,
    }) => {
      await page.goto('/fr');
      const donate = page.getByRole('banner').getByRole('link', { name: /^Faire un don/ });
      await expect(donate).toHaveAttribute('target', '_blank');
      await expect(donate).toHaveAttribute('href', /^https:\/\//);
      await expect(donate).toHaveAccessibleName('Faire un don (s’ouvre dans un nouvel onglet)');
    });
  });
}

test.describe('200% zoom (683 px)', () => {
  test.use({ viewport: { width: 683, height: 450 } });

  test('shows the short name, whole, in every locale', async ({ page }) => {
    for (const texts of LOCALES) {
      await page.goto(texts.prefix || '/');
      const wordmark = page.getByRole('banner').locator('[data-wordmark]:visible');
      await expect(wordmark).toHaveText('LRJN');
      expect(await wordmark.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // From sm up the Help link shows its full label.
      const boxes = await headerBoxes(page, texts, FULL_HELP[texts.prefix]);
      const entries = Object.entries(boxes);
      for (let i = 0; i < entries.length; i += 1) {
        for (let j = i + 1; j < entries.length; j += 1) {
          expect(overlap(entries[i]![1], entries[j]![1]), `${entries[i]![0]} and ${entries[j]![0]}`).toBe(
            false,
          );
        }
      }
    }
  });

  test('a wider screen (1100 px) has room for the whole name, untruncated', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 700 });
    await page.goto('/fr');
    const wordmark = page.getByRole('banner').locator('[data-wordmark]:visible');
    await expect(wordmark).toHaveText('Leeds Racial Justice Network');
    expect(await wordmark.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test.describe('mobile menu and focus', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('closes when Tab moves past its last control, so the next focused control is not under it', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const close = page.getByRole('banner').getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await close.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeVisible();
    let left = false;
    for (let i = 0; i < 40 && !left; i += 1) {
      await page.keyboard.press('Tab');
      left = await panel.evaluate((p) => !p.contains(document.activeElement));
    }
    expect(left, 'Tab left the panel').toBe(true);
    await expect(panel).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // What has focus now is in view, not hidden under a panel.
    const focused = page.locator(':focus');
    await expect(focused).toBeInViewport();
  });

  test('Shift+Tab inside it, and back to the toggle, keeps it open', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const close = page.getByRole('banner').getByRole('button', { name: 'Close menu' });
    const panel = page.locator(`[id="${await close.getAttribute('aria-controls')}"]`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();
    await expect(panel).toBeVisible();
  });
});
