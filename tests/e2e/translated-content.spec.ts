import { expect, test } from './fixtures';

/**
 * Issue 18 item 7: content without a translation (the bundled snapshot has none) under /es, /fr, /pt keeps the
 * translated interface, marks the English text `lang="en"` under a short 'English only' note in the visitor's
 * language, points its canonical at the English URL and lists hreflang only for English (and x-default).
 */
const POST = '/blog/faith-leaders-roundtable';
const NOTES = [
  { locale: 'es', note: 'Este artículo solo está disponible en inglés.' },
  { locale: 'fr', note: 'Cet article n’est disponible qu’en anglais.' },
  { locale: 'pt', note: 'Este artigo só está disponível em inglês.' },
];

test.describe('English-only content in other locales', () => {
  for (const { locale, note } of NOTES) {
    test(`/${locale}${POST}: note, lang="en" on the text, English canonical, no ${locale} hreflang`, async ({
      page,
    }) => {
      const response = await page.goto(`/${locale}${POST}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId('english-only-note')).toHaveText(note);
      await expect(page.getByTestId('english-only-note')).not.toHaveAttribute('lang');
      await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
      await expect(page.getByTestId('post-body')).toHaveAttribute('lang', 'en');
      await expect(page.getByTestId('post-body')).toContainText('Earlier this month');

      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname).toBe(POST);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(1);
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
      for (const other of ['es', 'fr', 'pt']) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveCount(0);
      }
    });
  }

  test('the English post has no note and no lang override; an English-only page and event get the note too', async ({
    page,
  }) => {
    await page.goto(POST);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('english-only-note')).toHaveCount(0);
    await expect(page.getByTestId('post-body')).not.toHaveAttribute('lang');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe(POST);

    await page.goto('/fr/about');
    await expect(page.getByTestId('english-only-note')).toHaveText(
      'Cette page n’est disponible qu’en anglais.',
    );
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '').pathname).toBe(
      '/about',
    );

    await page.goto('/events');
    const event = await page.locator('main a[href^="/event/"]').first().getAttribute('href');
    await page.goto(`/pt${event}`);
    await expect(page.getByTestId('english-only-note')).toHaveText(
      'Os detalhes deste evento só estão disponíveis em inglês.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
  });
});
