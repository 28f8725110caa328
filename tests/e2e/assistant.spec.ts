import type { Page } from '@playwright/test';

import { axeViolations, dismissCookieBanner, expect as baseExpect, test, useTheme } from './fixtures';

/** Replies need the route compiled and the content indexed on first use: give the shared dev server time. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** fixtures' waitForHydration with more patience: the shared dev server compiles routes on first hit. */
async function waitForHydration(page: Page) {
  await expect(page.locator('[data-theme-option][aria-pressed="true"]').first()).toBeAttached({
    timeout: 30_000,
  });
}

/**
 * The chat assistant widget (issue 6; docs/SPEC-NOTES.md §2 Chat assistant widget, §4, §8) on its embedded default: the local
 * answerer over the snapshot content, no OPENAI_API_KEY.
 */

const LAUNCHER = /Open chat with LRJN Assistant/;

test.describe('chat assistant', () => {
  test.describe.configure({ timeout: 150_000 });

  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  test('opens with the keyboard, streams a volunteering answer with the registration link, Esc returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const launcher = page.getByRole('button', { name: LAUNCHER });
    // Never opened: the unread dot invites a first look.
    await expect(page.getByTestId('chat-unread-dot')).toBeVisible();
    await launcher.focus();
    await page.keyboard.press('Enter');

    const panel = page.getByRole('dialog', { name: 'LRJN Assistant' });
    await expect(panel).toBeVisible();
    const input = panel.getByRole('textbox', { name: 'Your message' });
    await expect(input).toBeFocused();
    await expect(page.getByTestId('chat-unread-dot')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('lrjn-chat-opened'))).toBe('true');

    const send = panel.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await input.fill('   ');
    await expect(send).toBeDisabled();

    await input.fill('How can I volunteer with you?');
    await page.keyboard.press('Enter');

    const register = panel.getByRole('link', { name: 'Community page' });
    await expect(register).toHaveAttribute('href', '/community#register');
    const log = panel.getByRole('list', { name: 'LRJN Assistant' });
    await expect(log.getByText('How can I volunteer with you?')).toBeVisible();
    await expect(
      page.locator('[aria-live="polite"]').filter({ hasText: 'Network Registration form' }),
    ).toHaveCount(1);
    const stored = await page.evaluate(() => ({
      history: localStorage.getItem('lrjn-chat-history'),
      thread: localStorage.getItem('lrjn-chat-thread-id'),
    }));
    expect(stored.history).toContain('/community#register');
    expect(stored.thread).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();

    // History survives a reload.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: LAUNCHER }).click();
    await expect(
      page.getByRole('dialog', { name: 'LRJN Assistant' }).getByText('How can I volunteer with you?'),
    ).toBeVisible();
  });

  test("the chat's registration link opens the Network Registration dialog on /community", async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: LAUNCHER }).click();
    const panel = page.getByRole('dialog', { name: 'LRJN Assistant' });
    await panel.getByRole('textbox', { name: 'Your message' }).fill('I would like to join the network');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('link', { name: 'Community page' }).click();
    await expect(page).toHaveURL(/\/community#register$/);
    await expect(page.getByRole('dialog', { name: 'Network Registration' })).toBeVisible();
  });

  test('the reply is streamed: many NDJSON events read in several chunks, ending with done', async ({
    page,
  }) => {
    await page.goto('/');
    const result = await page.evaluate(async () => {
      const res = await fetch('/api/assistant', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'How can I volunteer?', locale: 'en' }),
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let reads = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        reads++;
        text += decoder.decode(value, { stream: true });
      }
      return { type: res.headers.get('content-type'), id: res.headers.get('x-conversation-id'), reads, text };
    });
    expect(result.type).toContain('application/x-ndjson');
    const events = result.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string });
    expect(events[0]).toEqual({ type: 'start', conversationId: result.id });
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expect(result.reads).toBeGreaterThan(3);
    expect(events.at(-1)).toEqual({ type: 'done' });
    expect(events.map((e) => e.text ?? '').join('')).toContain('](/community#register)');
  });

  test('answers in Spanish on /es and Clear Chat empties the history with a toast', async ({ page }) => {
    await page.goto('/es');
    await waitForHydration(page);
    await page.getByRole('button', { name: /Abrir el chat con Asistente de LRJN/ }).click();
    const panel = page.getByRole('dialog', { name: 'Asistente de LRJN' });
    await panel.getByRole('textbox', { name: 'Tu mensaje' }).fill('Quiero hacer voluntariado');
    await panel.getByRole('button', { name: 'Enviar' }).click();
    const link = panel.getByRole('link', { name: 'página de Comunidad' });
    await expect(link).toHaveAttribute('href', '/es/community#register');
    const log = panel.getByRole('list', { name: 'Asistente de LRJN' });
    await expect(log.getByText(/Para hacer voluntariado o unirte a la red/)).toBeVisible();

    await panel.getByRole('button', { name: 'Borrar chat' }).click();
    await expect(page.getByText('Chat borrado')).toBeVisible();
    await expect(log.getByText('Quiero hacer voluntariado')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('lrjn-chat-history'))).toBeNull();
  });

  test('Clear Chat toast in English', async ({ page }) => {
    await page.goto('/events');
    await waitForHydration(page);
    await page.getByRole('button', { name: LAUNCHER }).click();
    const panel = page.getByRole('dialog', { name: 'LRJN Assistant' });
    await panel.getByRole('textbox', { name: 'Your message' }).fill('donate');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('link', { name: 'Donate page' })).toBeVisible();
    await panel.getByRole('button', { name: 'Clear Chat' }).click();
    await expect(page.getByText('Chat Cleared')).toBeVisible();
  });

  test('connection error: banner, toast and apology; Retry after the server is back restores it', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.route('**/api/assistant', (route) => route.abort());
    await page.getByRole('button', { name: LAUNCHER }).click();
    const panel = page.getByRole('dialog', { name: 'LRJN Assistant' });
    await panel.getByRole('textbox', { name: 'Your message' }).fill('What events are coming up?');
    await panel.getByRole('button', { name: 'Send' }).click();

    const banner = panel.getByRole('alert');
    await expect(banner).toContainText('Connection Error');
    await expect(page.getByText('Communication Error')).toBeVisible();
    await expect(
      page.getByText('Unable to reach the assistant. Please check your connection and try again.'),
    ).toBeVisible();
    await expect(
      panel
        .getByRole('list', { name: 'LRJN Assistant' })
        .getByText(
          "I apologize, but I'm having trouble connecting to our servers. Please try again in a moment.",
        ),
    ).toBeVisible();

    // Two failed retries add the checklist.
    await expect(banner.getByText('Still not working? Please check:')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Retry Connection' }).click();
    await expect(panel.getByRole('alert').getByRole('button', { name: 'Retry Connection' })).toBeEnabled();
    await panel.getByRole('alert').getByRole('button', { name: 'Retry Connection' }).click();
    await expect(panel.getByRole('alert').getByText('Still not working? Please check:')).toBeVisible();
    await expect(panel.getByRole('alert').getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await page.unroute('**/api/assistant');
    await panel.getByRole('alert').getByRole('button', { name: 'Retry Connection' }).click();
    await expect(page.getByText('Connection restored')).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'events page' })).toHaveAttribute('href', '/events');

    // Dismiss hides the banner without retrying.
    await page.route('**/api/assistant', (route) => route.abort());
    await panel.getByRole('textbox', { name: 'Your message' }).fill('donate');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('alert')).toBeVisible();
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await expect(panel.getByRole('alert')).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the open panel has no axe violations (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto('/');
      await waitForHydration(page);
      // After hydration: at phone width the theme toggle (the hydration marker) sits in the closed mobile menu.
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(page.getByRole('button', { name: LAUNCHER })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: LAUNCHER }).click();
      const panel = page.getByRole('dialog', { name: 'LRJN Assistant' });
      await panel
        .getByRole('textbox', { name: 'Your message' })
        .fill('Tell me about the Stop the Scan campaign');
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByText('Pages used')).toBeVisible();
      // The panel fits a 360 px phone without horizontal scrolling.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
