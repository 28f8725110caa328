import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { axeViolationsInBothThemes, dismissCookieBanner, expect, test } from './fixtures';

/**
 * Issue 33 item 8, WCAG 3.1.2 Language of Parts: under /es, /fr, /pt the CMS content (cards, reports, courses,
 * causes, biographies, vacancies, media) is English, and every element holding it must say `lang="en"`, with a
 * visible 'English' tag on cards (components/cms/content-lang.tsx). The check is the December 2026 UX review's:
 * every rendered text node of 25 characters or more whose words look English (English stop words more than
 * 1.5 × the page language's) must have `en` as its nearest `lang`. It counts screen-reader-only text too: a
 * screen reader reads it with the same voice.
 */

/**
 * Small function words of each language, lower case. Words that are also common words of es, fr or pt are left
 * out of the English list ("a", "as", "do", "he", "has", "me", "no", "on", "an", "son", "se") so that a sentence in
 * those languages does not look English.
 */
const STOP_WORDS: Record<'en' | 'es' | 'fr' | 'pt', string[]> = {
  en: `the and of to in is are was were for with that this it its be by from at or our we you your they their
    will can have not which who what about how been but all more into also these those there than would should
    them his her she i my when where so if one out up after through over just only other any each here being our
    us were while because they're it's don't we're you're`.split(/\s+/),
  es: `de la que el en y los del se las por un para con una su al lo como más pero sus le ya o este sí porque
    esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni
    contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa estos
    mucho quienes nada muchos cual poco ella estar estas es son a no tu te tus puede si tiene está nuestro
    nuestra nuestros vuestro`.split(/\s+/),
  fr: `le la les de des du un une et en à est pour que qui dans sur au aux par pas ne plus ce cette ces il elle
    nous vous ils elles on se sa son ses leur leurs avec mais ou où comme être sont été votre vos notre nos y
    d l qu n s c j si tout tous toute très sans peut avez avons`.split(/\s+/),
  pt: `de a o que e do da em um para é com não uma os no se na por mais as dos como mas ao ele das à seu sua ou
    quando muito nos já eu também só pelo pela até isso ela entre depois sem mesmo aos seus quem nas me esse
    eles você essa num nem suas meu minha numa pelos elas qual nós lhe deles essas esses pelas este dele tu te
    vocês vos lhes meus minhas teu tua nosso nossa está são ser pode sobre esta pode`.split(/\s+/),
};

type Flagged = { text: string; lang: string | null; path: string };

/**
 * The review's check, run in the page: every text node of 25+ characters (trimmed) in a rendered element (not
 * display:none, not visibility:hidden; screen-reader-only text counts) whose English stop-word ratio is more than
 * 1.5 × the page locale's, and whose nearest `lang` is not English. Returns them with a short element path.
 */
async function englishWithoutLang(page: Page, locale: 'es' | 'fr' | 'pt'): Promise<Flagged[]> {
  return page.evaluate(
    ({ en, local }) => {
      const enSet = new Set(en);
      const localSet = new Set(local);
      const flagged: { text: string; lang: string | null; path: string }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text.length < 25) continue;
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, template')) continue;
        if (!parent.checkVisibility({ visibilityProperty: true })) continue;
        // Words: letters (any script) and apostrophes inside words; French elisions (l’, d’, qu’) split off.
        const words = (text.toLowerCase().match(/[\p{L}]+(?:['’][\p{L}]+)*/gu) ?? []).flatMap((w) =>
          /^(l|d|qu|n|s|c|j)['’]/.test(w) ? w.split(/['’]/) : [w.replace(/’/g, "'")],
        );
        if (words.length === 0) continue;
        const enRatio = words.filter((w) => enSet.has(w)).length / words.length;
        const localRatio = words.filter((w) => localSet.has(w)).length / words.length;
        if (!(enRatio > 1.5 * localRatio)) continue;
        const lang = parent.closest('[lang]')?.getAttribute('lang') ?? null;
        if (lang && /^en\b/i.test(lang)) continue;
        const trail: string[] = [];
        for (
          let el: Element | null = parent;
          el && el !== document.body && trail.length < 4;
          el = el.parentElement
        ) {
          const testId = el.getAttribute('data-testid');
          trail.unshift(el.tagName.toLowerCase() + (el.id ? `#${el.id}` : testId ? `[${testId}]` : ''));
        }
        flagged.push({ text: text.slice(0, 120), lang, path: trail.join(' > ') });
      }
      return flagged;
    },
    { en: STOP_WORDS.en, local: STOP_WORDS[locale] },
  );
}

/** The report, team member and post the review looked at, from the content the server reads. */
const snapshotDir = process.env.CONTENT_SNAPSHOT_DIR ?? path.join(process.cwd(), 'content', 'snapshot');
const snapshot = (name: string) =>
  JSON.parse(readFileSync(path.join(snapshotDir, `${name}.json`), 'utf8')) as {
    slug: string;
    acf?: Record<string, unknown>;
  }[];
const REPORT =
  snapshot('reports').find((r) => r.slug === 'watched-in-our-own-city')?.slug ?? snapshot('reports')[0]!.slug;
const MEMBER = snapshot('team-member')[0]!.slug;
const VACANCY = snapshot('vacancies')[0]!.slug;
const MEDIA_ITEM = snapshot('media-archive')[0]!.slug;

const TAG = { es: 'Inglés', fr: 'Anglais', pt: 'Inglês' } as const;
const LOCALES = ['es', 'fr', 'pt'] as const;

/**
 * The pages of the check. `cards`: a list of content cards, each with the tag; `note`: a single English item, with
 * the 'English only' note and an English h1. `path` may be a function of the page (the course page and the post
 * are found from their lists, as a visitor would).
 */
type Target = {
  name: string;
  path: string | ((page: Page, locale: string) => Promise<string>);
  cards?: boolean;
  note?: boolean;
};

/** The address prefix of a locale: none for English (the default locale), `/es` etc. for the others. */
const prefixOf = (locale: string) => (locale === 'en' ? '' : `/${locale}`);

/** The first link in main to `prefix`/{something} on the list page `list`, as a path without the locale prefix. */
const firstLink = (list: string, prefix: string) => async (page: Page, locale: string) => {
  const pre = prefixOf(locale);
  await page.goto(`${pre}${list}`);
  const href = await page.locator(`main a[href^="${pre}${prefix}/"]`).first().getAttribute('href');
  expect(href, `a link to ${prefix}/… on ${list}`).toBeTruthy();
  return href!.slice(pre.length);
};

/** The target's path (without the locale prefix) for `locale`. */
const pathOf = async (target: Target, page: Page, locale: string) =>
  typeof target.path === 'string' ? target.path : target.path(page, locale);

const TARGETS: Target[] = [
  { name: 'home', path: '', cards: true },
  { name: 'blog', path: '/blog', cards: true },
  { name: 'archive', path: '/archive', cards: true },
  { name: 'events', path: '/events', cards: true },
  { name: 'media', path: '/media', cards: true },
  { name: 'reports', path: '/reports', cards: true },
  { name: 'report page', path: `/reports/${REPORT}`, note: true },
  { name: 'courses', path: '/courses', cards: true },
  { name: 'course page', path: firstLink('/courses', '/courses'), note: true },
  { name: 'cause page', path: '/causes/pastoral-work', cards: true, note: true },
  { name: 'our team', path: '/our-team', cards: true },
  { name: 'team member', path: `/team-member/${MEMBER}`, note: true },
  { name: 'vacancies', path: '/vacancies', cards: true },
  { name: 'vacancy page', path: `/vacancies/${VACANCY}`, note: true },
  { name: 'media item', path: `/media-archive/${MEDIA_ITEM}`, note: true },
  // A post's own text has its note already (translated-content.spec.ts); here: the related cards under it.
  { name: 'post with related cards', path: firstLink('/blog', '/blog'), cards: true },
];

test.describe('Language of parts (WCAG 3.1.2) under /es, /fr, /pt', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  for (const locale of LOCALES) {
    for (const target of TARGETS) {
      test(`/${locale} ${target.name}: no English text without lang="en"; the English tag is shown`, async ({
        page,
      }) => {
        const suffix = await pathOf(target, page, locale);
        const response = await page.goto(`/${locale}${suffix}`);
        expect(response?.status(), `/${locale}${suffix}`).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        // Lazy sections (home) render as they scroll into view: walk the page to its end first.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 50));
          }
          window.scrollTo(0, 0);
        });

        // Soft: the tag and note checks below still run and report in the same pass.
        expect.soft(await englishWithoutLang(page, locale), `/${locale}${suffix}`).toEqual([]);

        if (target.cards) {
          const tags = page.getByTestId('content-lang-tag');
          await expect(tags.first()).toBeVisible();
          // Every tag says the word of this locale, and sits outside the English text it labels.
          for (const text of await tags.allTextContents()) expect(text.trim()).toBe(TAG[locale]);
          expect(
            await tags.evaluateAll(
              (els) => els.filter((e) => e.closest('[lang]')?.getAttribute('lang') === 'en').length,
            ),
          ).toBe(0);
          // A card with a tag (the innermost article: a post page's own article holds its related cards) has its
          // heading in English.
          const card = page
            .locator('article:has([data-testid="content-lang-tag"]):not(:has(article))')
            .first();
          await expect(card.locator('h2, h3').first()).toHaveAttribute('lang', 'en');
        }
        if (target.note) {
          await expect(page.getByTestId('english-only-note')).toBeVisible();
          await expect(page.getByTestId('english-only-note')).not.toHaveAttribute('lang');
          await expect(page.locator('h1').locator('xpath=ancestor-or-self::*[@lang][1]')).toHaveAttribute(
            'lang',
            'en',
          );
        }
      });
    }
  }

  test('the check itself: English text under /es without lang="en" is flagged, with it is not', async ({
    page,
  }) => {
    await page.goto('/es/blog');
    await page.locator('main').evaluate((main) => {
      const p = document.createElement('p');
      p.id = 'probe';
      p.textContent = 'This sentence is written in English and it has no language of its own.';
      main.append(p);
    });
    expect((await englishWithoutLang(page, 'es')).map((f) => f.text)).toEqual([
      'This sentence is written in English and it has no language of its own.',
    ]);
    await page.locator('#probe').evaluate((p) => p.setAttribute('lang', 'en'));
    expect(await englishWithoutLang(page, 'es')).toEqual([]);
  });

  test('the English pages have no tag, no note and no lang override', async ({ page }) => {
    for (const target of TARGETS) {
      const address = (await pathOf(target, page, 'en')) || '/';
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByTestId('content-lang-tag'), address).toHaveCount(0);
      await expect(page.getByTestId('english-only-note'), address).toHaveCount(0);
      // Nothing inside main says its language again: the whole page is English.
      const langs = await page
        .locator('main [lang]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('lang')));
      expect(langs, address).toEqual([]);
    }
  });

  for (const [locale, suffix] of [
    ['es', '/blog'],
    ['fr', '/our-team'],
    ['pt', `/reports/${REPORT}`],
    ['es', '/events'],
  ] as const) {
    test(`axe (light and dark): /${locale}${suffix} with the English tags and lang attributes`, async ({
      page,
    }) => {
      await page.goto(`/${locale}${suffix}`);
      await expect(page.locator('main')).toBeVisible();
      // Both themes: the tag is a small pill on the card, and must keep its contrast in light and dark.
      expect(await axeViolationsInBothThemes(page)).toEqual([]);
    });
  }
});
