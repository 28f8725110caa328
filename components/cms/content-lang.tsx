import { Languages } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { routing } from '@/i18n/routing';

/**
 * WCAG 3.1.2 Language of Parts, in one place. The CMS lists (posts, archive, events, media, reports, causes, team,
 * vacancies) and the course catalogue are English: lists always read the default language (lib/cms/translations.ts),
 * and only a single post, page or event can have a Polylang translation (those pages pass its `contentLocale`).
 * Under /es, /fr, /pt such text sits inside `<html lang="es|fr|pt">`, so a screen reader would read it with the
 * wrong pronunciation unless the element holding it says `lang="en"`; a sighted visitor should see it too.
 *
 * Usage: `lang={contentLang(locale)}` on each element that holds content text (title, excerpt, body; never on
 * interface text such as dates or translated labels), and `<ContentLangTag locale={locale} />` once per card, next
 * to the card's other small labels, outside the `lang` element (its word is in the page's language).
 */

/**
 * The `lang` attribute for content text shown on a page.
 * Takes the page's locale and the language the text is written in (default: the site's default locale, English).
 * Returns that language when it differs from the page's, else `undefined` (React then writes no attribute and the
 * text inherits `<html lang>`). Pure; never throws.
 */
export function contentLang(
  pageLocale: string,
  contentLocale: string = routing.defaultLocale,
): string | undefined {
  return contentLocale === pageLocale ? undefined : contentLocale;
}

/**
 * The small visible 'English' pill of a content item shown untranslated under a translated interface.
 * Takes the page's locale and the content's language (default English). Renders nothing when they agree (every
 * /en page; a translated item). The word is the language's name in the page's language ("Inglés", "Anglais",
 * "Inglês", messages `EnglishOnly.tag`), written in full rather than "EN": a Spanish or Portuguese voice reads "EN"
 * as the preposition "en", and a full word is also what voice-control users can say. So the visible text is the
 * accessible text, with no hidden variant; the icon is decorative. Server component.
 */
export async function ContentLangTag({
  locale,
  contentLocale = routing.defaultLocale,
  className = '',
}: {
  locale: string;
  contentLocale?: string;
  className?: string;
}) {
  if (!contentLang(locale, contentLocale)) return null;
  const t = await getTranslations('EnglishOnly');
  return (
    <span
      data-testid="content-lang-tag"
      data-content-lang={contentLocale}
      // Tokens, not fixed colours: the pill keeps its contrast in the light and the dark theme.
      className={`inline-flex w-fit items-center gap-1 rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-semibold text-fg ${className}`}
    >
      <Languages aria-hidden className="size-3 shrink-0" />
      {t('tag')}
    </span>
  );
}
