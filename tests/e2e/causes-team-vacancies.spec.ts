import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';
import { decodeHTML } from 'entities';

import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/** Causes, the team and vacancies, rendered from the bundled snapshot (content/snapshot). */
type Item = { slug: string; title: { rendered: string }; acf?: Record<string, unknown> };
const snapshot = (name: string) =>
  JSON.parse(
    readFileSync(
      path.join(
        process.env.CONTENT_SNAPSHOT_DIR ?? path.join(process.cwd(), 'content', 'snapshot'),
        `${name}.json`,
      ),
      'utf8',
    ),
  ) as Item[];
const titleOf = (item: Item) => decodeHTML(item.title.rendered.replace(/<[^>]+>/g, '')).trim();

const causes = snapshot('cause');
const members = snapshot('team-member');
const vacancies = snapshot('vacancies');

/** Client navigation in `next dev` may compile the target route first. */
const NAVIGATION = { timeout: 30_000 };

const FOOTER_CAUSES = [
  'race-and-climate-justice',
  'training-and-facilitation',
  'pastoral-work',
  'migration-and-securitisation',
  'collective-conversations',
  'international-solidarities',
];

/** A vacancy's ACF closing date (`20270208` or `2027-02-08`) against today's date in London. */
function isOpen(vacancy: Item): boolean {
  const raw = String(vacancy.acf?.closing_date ?? '');
  const day = /^\d{8}$/.test(raw)
    ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6)}`
    : raw.slice(0, 10);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  return day === '' || day >= today;
}
const openVacancy = vacancies.find(isOpen)!;
const closedVacancy = vacancies.find((v) => !isOpen(v))!;
const member = [...members].sort((a, b) => Number(a.acf?.order ?? 1e9) - Number(b.acf?.order ?? 1e9))[0]!;
const cause = causes.find((c) => c.slug === 'migration-and-securitisation')!;

async function jsonLdTypes(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((s) => JSON.parse(s) as Record<string, unknown>);
}

test.beforeAll(() => {
  expect(causes.length, 'snapshot causes').toBeGreaterThan(1);
  expect(members.length, 'snapshot team members').toBeGreaterThan(0);
  expect(openVacancy, 'an open vacancy in the snapshot').toBeDefined();
  expect(closedVacancy, 'a closed vacancy in the snapshot').toBeDefined();
});

test.describe('pages', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('the causes list shows every cause as a card with a short description', async ({ page }) => {
    await page.goto('/causes');
    await expect(page.getByRole('heading', { level: 1, name: 'Our causes' })).toBeVisible();
    const items = page.locator('main ul').first().getByRole('listitem');
    await expect(items).toHaveCount(causes.length);
    await expect(
      page.getByRole('main').getByRole('link', { name: titleOf(cause), exact: true }),
    ).toHaveAttribute('href', `/causes/${cause.slug}`);
    for (const text of await items.locator('p').allTextContents()) {
      expect(text.length).toBeLessThanOrEqual(151);
      expect(text).not.toMatch(/<[a-z]/);
    }
  });

  test('a cause renders at /causes/{slug} and /cause/{slug}, canonical at /causes/{slug}', async ({
    page,
  }) => {
    test.slow(); // many navigations; the first hit of a route compiles in dev
    for (const route of [`/causes/${cause.slug}`, `/cause/${cause.slug}`]) {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(cause));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/causes/${cause.slug}$`),
      );
      const others = page.getByRole('region', { name: 'Other causes' });
      await expect(others.getByRole('link').first()).toHaveAttribute('href', /^\/causes\//);
      await expect(others.getByRole('link', { name: titleOf(cause), exact: true })).toHaveCount(0);
    }
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Back to Causes' }).click();
    await expect(page).toHaveURL(/\/causes$/, NAVIGATION);
  });

  test('/causes/international-solidarity shows the International Solidarity cause', async ({ page }) => {
    const solidarity = causes.find((c) => c.slug === 'international-solidarities')!;
    expect((await page.goto('/causes/international-solidarity'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(solidarity));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/causes\/international-solidarity$/,
    );
  });

  test('the six footer cause links resolve in every locale', async ({ page, request }) => {
    test.slow(); // many navigations; the first hit of a route compiles in dev
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const slug of FOOTER_CAUSES) {
      await expect(footer.locator(`a[href="/cause/${slug}"]`)).toHaveCount(1);
    }
    for (const prefix of ['', '/es', '/fr', '/pt']) {
      for (const slug of FOOTER_CAUSES) {
        const res = await request.get(`${prefix}/cause/${slug}`);
        expect(res.status(), `${prefix}/cause/${slug}`).toBe(200);
      }
    }
  });

  test('missing causes, members and vacancies are real 404s', async ({ page }) => {
    test.slow(); // many navigations; the first hit of a route compiles in dev
    const cases = [
      ['/causes/no-such-cause', 'Cause Not Found'],
      ['/cause/no-such-cause', 'Cause Not Found'],
      ['/team-member/no-such-person', 'Team Member Not Found'],
      ['/vacancies/no-such-job', 'Vacancy Not Found'],
      ['/es/vacancies/no-such-job', 'Oferta no encontrada'],
    ] as const;
    for (const [route, heading] of cases) {
      expect((await page.goto(route))?.status(), route).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });

  test('the team list shows every member in order with photo, role and link', async ({ page }) => {
    await page.goto('/our-team');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Team' })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(members.length);
    const first = cards.first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText(titleOf(member));
    await expect(first.getByText(String(member.acf?.role))).toBeVisible();
    if (member.acf?.photo) await expect(first.getByRole('img', { name: titleOf(member) })).toBeVisible();
    await waitForHydration(page);
    await first.getByRole('link', { name: titleOf(member) }).click();
    await expect(page).toHaveURL(new RegExp(`/team-member/${member.slug}$`), NAVIGATION);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(member));
  });

  test('a team member page shows role, email and Person JSON-LD', async ({ page }) => {
    expect((await page.goto(`/team-member/${member.slug}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(member));
    await expect(page.locator('header').getByText(String(member.acf?.role))).toBeVisible();
    if (member.acf?.email) {
      await expect(page.getByRole('link', { name: String(member.acf.email) })).toHaveAttribute(
        'href',
        `mailto:${String(member.acf.email)}`,
      );
    }
    const person = (await jsonLdTypes(page)).find((d) => d['@type'] === 'Person');
    expect(person).toMatchObject({
      name: titleOf(member),
      jobTitle: String(member.acf?.role),
      url: expect.stringMatching(new RegExp(`/team-member/${member.slug}$`)),
      worksFor: { '@type': 'NGO', name: 'Leeds Racial Justice Network' },
    });
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Back to Our Team' }).click();
    await expect(page).toHaveURL(/\/our-team$/, NAVIGATION);
  });

  test('the vacancies list shows open vacancies first and marks closed ones', async ({ page }) => {
    await page.goto('/vacancies');
    await expect(page.getByRole('heading', { level: 1, name: 'Vacancies' })).toBeVisible();
    const open = page.getByRole('region', { name: 'Open vacancies' });
    const closed = page.getByRole('region', { name: 'Closed vacancies' });
    await expect(open.locator('article')).toHaveCount(vacancies.filter(isOpen).length);
    await expect(closed.locator('article')).toHaveCount(vacancies.filter((v) => !isOpen(v)).length);
    const openCard = open.locator('article', { hasText: titleOf(openVacancy) });
    await expect(openCard.getByText('Closed', { exact: true })).toHaveCount(0);
    await expect(openCard.getByText('Closing date')).toBeVisible();
    const closedCard = closed.locator('article', { hasText: titleOf(closedVacancy) });
    await expect(closedCard.getByText('Closed', { exact: true })).toBeVisible();
  });

  test('an open vacancy has how-to-apply and JobPosting; a closed one a notice and none', async ({
    page,
  }) => {
    expect((await page.goto(`/vacancies/${openVacancy.slug}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(openVacancy));
    await expect(page.getByRole('heading', { level: 2, name: 'How to apply' })).toBeVisible();
    const job = (await jsonLdTypes(page)).find((d) => d['@type'] === 'JobPosting');
    expect(job).toMatchObject({
      title: titleOf(openVacancy),
      validThrough: expect.stringMatching(/^\d{4}-\d\d-\d\dT23:59:59[+-]\d\d:\d\d$/),
      hiringOrganization: { name: 'Leeds Racial Justice Network' },
    });

    expect((await page.goto(`/vacancies/${closedVacancy.slug}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(closedVacancy));
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
    await expect(
      page.getByText(/This vacancy closed on .+\. We are no longer accepting applications\./),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to apply' })).toHaveCount(0);
    expect((await jsonLdTypes(page)).some((d) => d['@type'] === 'JobPosting')).toBe(false);
  });

  test('headings are translated in es, fr and pt', async ({ page, request }) => {
    test.slow(); // many navigations; the first hit of a route compiles in dev
    const expected = {
      es: ['Nuestras causas', 'Nuestro equipo', 'Ofertas de empleo', 'Cerrada'],
      fr: ['Nos causes', 'Notre équipe', 'Offres d’emploi', 'Clôturée'],
      pt: ['As nossas causas', 'A nossa equipa', 'Ofertas de emprego', 'Encerrada'],
    };
    for (const [locale, [causesTitle, teamTitle, vacanciesTitle, closedLabel]] of Object.entries(expected)) {
      await page.goto(`/${locale}/causes`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(causesTitle!);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.goto(`/${locale}/our-team`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(teamTitle!);
      await page.goto(`/${locale}/vacancies`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(vacanciesTitle!);
      await expect(page.getByText(closedLabel!, { exact: true }).first()).toBeVisible();
      for (const route of [
        `/${locale}/team-member/${member.slug}`,
        `/${locale}/causes/${cause.slug}`,
        `/${locale}/vacancies/${openVacancy.slug}`,
      ]) {
        expect((await request.get(route)).status(), route).toBe(200);
      }
    }
  });
});

// Every page above is scanned by axe in both themes in a11y.spec.ts.
