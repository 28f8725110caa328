import { expect, SITE_NAME, test } from './fixtures';

const LOCALES = [
  { path: '/', lang: 'en', cta: 'Get Involved', home: 'Home' },
  { path: '/es', lang: 'es', cta: 'Participa', home: 'Inicio' },
  { path: '/fr', lang: 'fr', cta: 'Engagez-vous', home: 'Accueil' },
  { path: '/pt', lang: 'pt', cta: 'Participe', home: 'Início' },
];

test.describe('app shell', () => {
  for (const { path, lang, home } of LOCALES) {
    test(`${path} serves the shell with <html lang="${lang}">, metadata and JSON-LD`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // '{page} | {site name}' like every other page (issue 19 item 3).
      await expect(page).toHaveTitle(`${home} | ${SITE_NAME}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SITE_NAME);

      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname).toBe(path);
      for (const hreflang of ['en', 'es', 'fr', 'pt', 'x-default']) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
      }
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        `${home} | ${SITE_NAME}`,
      );
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');

      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
      expect(types).toEqual(expect.arrayContaining(['NGO', 'WebPage', 'FAQPage']));
      const ngo = jsonLd.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'NGO');
      expect(ngo.address.addressLocality).toBe('Leeds');
      expect(ngo.sameAs).toHaveLength(5);
    });
  }

  test('the hero call to action is translated in every locale', async ({ page }) => {
    for (const { path, cta } of LOCALES) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: cta, exact: true })).toHaveAttribute(
        'href',
        path === '/' ? '/community' : `${path}/community`,
      );
    }
  });

  test('/en redirects to the unprefixed English URL', async ({ page }) => {
    await page.goto('/en');
    await expect(page).toHaveURL('http://localhost:3100/');
  });

  test('every response carries the security headers', async ({ request }) => {
    for (const path of ['/', '/es', '/does-not-exist', '/icon.svg']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toContain('max-age=');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  test('footer lists every link of the spec, the address, phone, socials and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of [
      '/about',
      '/our-team',
      '/vacancies',
      '/blog',
      '/reports',
      '/media',
      '/events',
      '/archive',
      '/cause/race-and-climate-justice',
      '/cause/training-and-facilitation',
      '/cause/pastoral-work',
      '/cause/migration-and-securitisation',
      '/cause/collective-conversations',
      '/cause/international-solidarities',
      '/community',
      '/donate',
      '/contact',
    ]) {
      expect(hrefs).toContain(href);
    }
    await expect(footer).toContainText('Leeds');
    await expect(footer.locator('a[href^="tel:"]')).toHaveText('0113 496 0000');
    for (const network of ['facebook', 'x', 'instagram', 'youtube', 'linkedin']) {
      const link = footer.locator(`a[data-social="${network}"]`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // The brand mark comes from the shared sprite: the file it points at holds that network's symbol.
      const href = await link.locator('svg use').getAttribute('href');
      expect(href).toMatch(new RegExp(`^/_next/static/media/[^#]+\\.svg(\\?[^#]*)?#${network}$`));
      const sprite = await page.request.get(href!.split('#')[0]!);
      expect(sprite.headers()['content-type']).toContain('image/svg+xml');
      expect(await sprite.text()).toContain(`<symbol id="${network}"`);
    }
    // Drawn, not empty: once the sprite has loaded, the <use> box is the mark's (0 x 0 while nothing resolves).
    const mark = footer.locator('a[data-social="instagram"] svg use');
    await mark.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await mark.boundingBox())?.width ?? 0).toBeGreaterThan(10);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${SITE_NAME}`);
  });

  test('Donate opens the external donation page in a new tab; the user icon goes to /login', async ({
    page,
  }) => {
    await page.goto('/');
    const donate = page.getByRole('banner').getByRole('link', { name: /Donate/ });
    await expect(donate).toHaveAttribute('target', '_blank');
    await expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(donate).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });
});
