import { dismissCookieBanner, expect, test } from './fixtures';

test.describe('desktop navigation', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
  });

  test('header links go to their pages, labelled as the spec says', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const expected: [string, string][] = [
      ['Home', '/'],
      ['About us', '/about'],
      ['Our work', '/our-work'],
      ['Reports', '/reports'],
      ['Resources', '/blog'],
      ['Media', '/media'],
      ['Events', '/events'],
      ['Community', '/community'],
      ['Courses', '/courses'],
      ['Contact us', '/contact'],
    ];
    for (const [name, href] of expected) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Our work', exact: true }).click();
    await expect(page).toHaveURL(/\/our-work$/);
    await expect(nav.getByRole('link', { name: 'Our work', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('About dropdown opens on hover and closes about 300 ms after the pointer leaves', async ({ page }) => {
    const ourTeam = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Our Team' });
    await expect(ourTeam).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'About us', exact: true })
      .hover();
    await expect(ourTeam).toBeVisible();
    await page.mouse.move(640, 600);
    const left = Date.now();
    // Still open right after leaving (the 300 ms grace lets the pointer travel to the sub-menu)...
    await expect(ourTeam).toBeVisible();
    // ...and closed once the delay has passed.
    await expect(ourTeam).toBeHidden();
    expect(Date.now() - left).toBeGreaterThanOrEqual(250);
  });

  test('hovering from About into the sub-menu keeps it open, and a click navigates and closes it', async ({
    page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'About us', exact: true }).hover();
    const ourTeam = nav.getByRole('link', { name: 'Our Team' });
    await ourTeam.hover();
    await page.waitForTimeout(500);
    await expect(ourTeam).toBeVisible();
    await ourTeam.click();
    await expect(page).toHaveURL(/\/our-team$/);
    await page.mouse.move(640, 600);
    await expect(ourTeam).toBeHidden();
  });

  test('About dropdown is fully keyboard operable', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const toggle = nav.getByRole('button', { name: 'More about us' });
    await toggle.focus();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('ArrowDown');
    const ourTeam = nav.getByRole('link', { name: 'Our Team' });
    await expect(ourTeam).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(ourTeam).toBeHidden();

    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(ourTeam).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/our-team$/);
  });

  test('focus leaving the About item closes the sub-menu', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const toggle = nav.getByRole('button', { name: 'More about us' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab'); // Our Team
    await page.keyboard.press('Tab'); // Our Work: outside the About item
    await expect(nav.getByRole('link', { name: 'Our work', exact: true })).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a route change scrolls back to the top', async ({ page }) => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Vacancies' }).click();
    await expect(page).toHaveURL(/\/vacancies$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
