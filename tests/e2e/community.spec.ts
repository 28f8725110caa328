import type { Page } from '@playwright/test';

import { projectDatabase, uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, useTheme, waitForHydration } from './fixtures';
import { errorSummary, fieldMessage } from './form-errors';

/** The Community page (docs/SPEC-NOTES.md §2) and its Network Registration dialog (§3, §4, §5, §8). */

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const SPEC_MESSAGES = [
  'Name must be at least 2 characters',
  'Please enter a valid email address',
  'Please enter a valid phone number',
  'Please select your membership type',
  'Please select an area of interest',
  'Please select your availability',
  'Please select your country',
  'Please enter your city',
];

/**
 * Answers the location lookup ourselves. With `hold`, the answer waits until the returned function is called, so
 * the 'Detecting location...' state can be seen.
 */
async function stubGeo(page: Page, body: Record<string, string>, hold = false) {
  let release: () => void = () => undefined;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  await page.route('**/api/geo', async (route) => {
    await released;
    await route.fulfill({ json: body, headers: { 'cache-control': 'no-store' } });
  });
  return release;
}

async function openDialog(page: Page, path = '/community') {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Register for free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Network Registration' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('every section is on the page, in spec order', { tag: '@browser-only' }, async ({ page }) => {
  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(page.getByText(/network of organisations and volunteers/)).toBeVisible();
  const stats = page.getByRole('region', { name: 'Volunteer statistics' });
  for (const figure of ['2,500+', '10,000+', '35', '2,000+'])
    await expect(stats.getByText(figure, { exact: true })).toBeVisible();
  await expect(stats.getByText('Lives impacted', { exact: true })).toBeVisible();
  const join = page.locator('section#join');
  await expect(join.getByRole('heading', { name: 'Join the Network' })).toBeVisible();
  await expect(join.getByRole('heading', { name: 'Network Member' })).toBeVisible();
  await expect(join.getByText('Free', { exact: true })).toBeVisible();
  await expect(join.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'See upcoming events' })).toHaveAttribute('href', '/events');
  await page.getByRole('link', { name: 'Go to the discussions' }).click();
  await expect(page).toHaveURL(/#discussions$/);
  await expect(
    page.locator('section#discussions').getByText('Discussion Forum Coming Soon'),
  ).toBeInViewport();
  await expect(page.locator('section#newsletter').getByRole('textbox')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Facebook (opens in a new tab)' }).first()).toBeVisible();
  const share = page.getByRole('region', { name: 'Spread the Word' });
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
  for (const [name, host] of [
    ['Share on Facebook', 'facebook.com'],
    ['Share on X (Twitter)', 'twitter.com'],
    ['Share on LinkedIn', 'linkedin.com'],
    ['Share on WhatsApp', 'wa.me'],
  ] as const) {
    const href = await share
      .getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })
      .getAttribute('href');
    expect(href).toContain(host);
    expect(decodeURIComponent(href ?? '')).toContain('/community');
  }
  await expect(share.getByRole('link', { name: 'Share by email' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=/,
  );
  // Sections are ordered as in the spec.
  const ids = await page.locator('main h2').evaluateAll((els) => els.map((el) => el.textContent?.trim()));
  const order = [
    'Volunteer statistics',
    'Join the Network',
    'Ways to get involved',
    'Recent Discussions',
    'Spread the Word',
  ];
  expect(order.map((h) => ids.indexOf(h))).toEqual(
    [...order.map((h) => ids.indexOf(h))].sort((a, b) => a - b),
  );
});

test(
  'copy link puts the page address on the clipboard and says so',
  { tag: '@browser-only' },
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/community');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied!')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('The link has been copied to your clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/community$/);
  },
);

test(
  'an empty submit shows every spec message, and the dialog closes with Escape, giving focus back',
  { tag: '@browser-only' },
  async ({ page }) => {
    await stubGeo(page, {});
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    // Experience defaults to beginner, so its message never shows on an empty submit.
    await expect(dialog.getByRole('radio', { name: 'Beginner' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Submit Registration' }).click();
    for (const text of SPEC_MESSAGES) await expect(fieldMessage(dialog, text)).toBeVisible();
    // Focus goes to the error summary at the top of the form (GOV.UK; error-summary.spec.ts).
    await expect(errorSummary(dialog)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Register for free' })).toBeFocused();
  },
);

test(
  "country and city read 'Detecting location...' and are disabled until the lookup ends, then are prefilled",
  { tag: '@browser-only' },
  async ({ page }) => {
    const release = await stubGeo(page, { country: 'GB', city: 'Leeds' }, true);
    const dialog = await openDialog(page);
    const country = dialog.getByLabel('Country');
    const city = dialog.getByLabel('City');
    await expect(country).toBeDisabled();
    await expect(city).toBeDisabled();
    await expect(country.locator('option:checked')).toHaveText('Detecting location...');
    await expect(city).toHaveAttribute('placeholder', 'Detecting location...');
    release();
    await expect(country).toBeEnabled();
    await expect(city).toBeEnabled();
    await expect(country).toHaveValue('GB');
    await expect(city).toHaveValue('Leeds');
    expect(await country.locator('option').count()).toBeGreaterThan(190);
  },
);

test('a failed lookup still enables the fields, empty', { tag: '@browser-only' }, async ({ page }) => {
  await page.route('**/api/geo', (route) => route.fulfill({ status: 500, body: 'boom' }));
  const dialog = await openDialog(page);
  await expect(dialog.getByLabel('Country')).toBeEnabled();
  await expect(dialog.getByLabel('Country')).toHaveValue('');
  await expect(dialog.getByLabel('City')).toHaveValue('');
});

test(
  'organization appears only for organization members, the other interest only with Other',
  { tag: '@browser-only' },
  async ({ page }) => {
    await stubGeo(page, {});
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel('Organisation name')).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Organization Representative' }).check();
    await expect(dialog.getByLabel('Organisation name')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Individual Member' }).check();
    await expect(dialog.getByLabel('Organisation name')).toHaveCount(0);

    await expect(dialog.getByLabel('Your other interest')).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: 'Other' }).check();
    await expect(dialog.getByLabel('Your other interest')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Other' }).uncheck();
    await expect(dialog.getByLabel('Your other interest')).toHaveCount(0);
  },
);

test('a valid registration is saved and says so; the form is reset and the dialog closed @postgres', async ({
  page,
}, info) => {
  await stubGeo(page, { country: 'GB', city: 'Leeds' });
  const email = uniqueEmail('volunteer');
  const dialog = await openDialog(page);
  await expect(dialog.getByLabel('City')).toHaveValue('Leeds');
  await dialog.getByLabel('Full name').fill('Ada Lovelace Byron');
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Phone number').fill('0113 496 0123');
  await dialog.getByRole('radio', { name: 'Organization Representative' }).check();
  await dialog.getByLabel('Organisation name').fill('Chapeltown Collective');
  await dialog.getByRole('checkbox', { name: 'Climate justice' }).check();
  await dialog.getByRole('checkbox', { name: 'Other' }).check();
  await dialog.getByLabel('Your other interest').fill('Oral history');
  await dialog.getByRole('checkbox', { name: 'Evenings' }).check();
  await dialog.getByRole('radio', { name: 'Intermediate' }).check();
  await dialog.getByLabel('Skills (optional)').fill('design, translation , ,first aid');
  await dialog.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.getByText('Registration Successful!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Thank you for registering. We'll be in touch soon.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Register for free' })).toBeFocused();

  const db = projectDatabase(info);
  if (db) {
    try {
      const rows =
        await db`select id, name, membership_type, organization_name, interests, availability, experience_level, skills, country, location from volunteers where email = ${email}`;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: 'Ada Lovelace Byron',
        membership_type: 'organization',
        organization_name: 'Chapeltown Collective',
        interests: ['climate-justice', 'other', 'other: Oral history'],
        availability: ['evenings'],
        experience_level: 'intermediate',
        skills: ['design', 'translation', 'first aid'],
        country: 'United Kingdom',
        location: 'Leeds',
      });
      const jobs =
        await db`select status from outbox where kind = 'volunteer.followup' and payload->>'volunteerId' = ${rows[0]!.id as string}`;
      expect(jobs).toHaveLength(1);
    } finally {
      await db.end();
    }
  }

  // Reopened, the form is empty again.
  await page.getByRole('button', { name: 'Register for free' }).click();
  await expect(dialog.getByLabel('Full name')).toHaveValue('');
  await expect(dialog.getByRole('checkbox', { name: 'Climate justice' })).not.toBeChecked();
});

test(
  '/community#register opens the dialog, also when that link is followed on the page',
  { tag: '@browser-only' },
  async ({ page }) => {
    await stubGeo(page, {});
    await page.goto('/community#register');
    const dialog = page.getByRole('dialog', { name: 'Network Registration' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/community$/);
    await page.evaluate(() => {
      window.location.hash = 'register';
    });
    await expect(dialog).toBeVisible();
  },
);

test('in French the page and the form are French', { tag: '@browser-only' }, async ({ page }) => {
  await stubGeo(page, {});
  await page.goto('/fr/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Communauté' })).toBeVisible();
  await expect(
    page.getByText('10\u202f000+', { exact: true }).or(page.getByText('10\u00a0000+', { exact: true })),
  ).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'S’inscrire gratuitement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inscription au réseau' });
  await expect(dialog).toBeVisible();
  for (const label of ['Nom complet', 'Adresse e-mail', 'Numéro de téléphone', 'Pays', 'Ville'])
    await expect(dialog.getByLabel(label)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Membre individuel' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Justice climatique' })).toBeVisible();
  await expect(dialog.getByLabel('Pays')).toBeEnabled();
  await expect(dialog.getByLabel('Pays').locator('option', { hasText: 'Allemagne' })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Envoyer l’inscription' }).click();
  await expect(fieldMessage(dialog, 'Le nom doit comporter au moins 2 caractères')).toBeVisible();
  await expect(errorSummary(dialog).getByRole('heading', { name: 'Il y a un problème' })).toBeVisible();
});

test(
  'the phone field wants a phone number: ten letters are refused, a +44 number is not (D20), in French too',
  { tag: '@browser-only' },
  async ({ page }) => {
    await stubGeo(page, {});
    const dialog = await openDialog(page);
    await dialog.getByLabel('Phone number').fill('abcdefghij');
    await dialog.getByRole('button', { name: 'Submit Registration' }).click();
    await expect(fieldMessage(dialog, 'Please enter a valid phone number')).toBeVisible();
    await expect(dialog.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Phone number').fill('+44 7700 900123');
    await dialog.getByRole('button', { name: 'Submit Registration' }).click();
    await expect(fieldMessage(dialog, 'Please enter a valid phone number')).toBeHidden();
    await expect(fieldMessage(dialog, 'Name must be at least 2 characters')).toBeVisible();

    await page.goto('/fr/community');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'S’inscrire gratuitement' }).click();
    const french = page.getByRole('dialog', { name: 'Inscription au réseau' });
    await french.getByLabel('Numéro de téléphone').fill('abcdefghij');
    await french.getByRole('button', { name: 'Envoyer l’inscription' }).click();
    await expect(fieldMessage(french, 'Veuillez saisir un numéro de téléphone valide')).toBeVisible();
  },
);

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no WCAG A/AA violations on the page and in the open dialog (${theme})`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await stubGeo(page, {});
    await page.goto('/community');
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel('Country')).toBeEnabled();
    await dialog.getByRole('button', { name: 'Submit Registration' }).click();
    await expect(fieldMessage(dialog, SPEC_MESSAGES[0]!)).toBeVisible();
    await expect(errorSummary(dialog)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
