import type { Metadata } from 'next';
import type { ComponentType } from 'react';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { FeatureImage } from '@/components/cms/feature-image';
import { ExitControl } from '@/components/help/exit-control';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { getLocalizedPage } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

type Options = {
  /** The WordPress page's slug, which is also the route (`/about`). */
  slug: string;
  /** Show 'Content Coming Soon' with a Contact Us link when the page is missing or empty (docs/SPEC-NOTES.md §2 About). */
  comingSoonWhenEmpty?: boolean;
  /** Site-owned text shown below the page's content in every locale (the privacy policy's retention periods). */
  after?: ComponentType;
  /** Offer 'Exit this page' at the top of the content (a support service's page: /pastoral-work). */
  exit?: boolean;
};

type Props = { params: Promise<{ locale: string }> };

/**
 * A route that shows one WordPress page (About, Our Work, Privacy Policy, the initiative pages): metadata from
 * the page, its featured image and its sanitised content. Missing pages 404, unless `comingSoonWhenEmpty`.
 * In es/fr/pt the page's Polylang translation when there is one, else the English page marked `lang="en"`
 * under a short 'English only' note, with its canonical at the English URL (lib/cms/translations.ts).
 */
export function contentPageRoute({ slug, comingSoonWhenEmpty = false, after: After, exit = false }: Options) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const locale = await localeParam(params);
    const found = await getLocalizedPage(slug, locale);
    const page = found?.item;
    const t = await getTranslations({ locale, namespace: 'ContentPage' });
    const title = page?.title || t(`fallbackTitle.${slug}` as 'fallbackTitle.about');
    return pageMetadata({
      locale,
      path: `/${slug}`,
      title,
      description: page?.excerpt.slice(0, 160) || title,
      // Without a WordPress page, the 'coming soon' text is the site's own, in every locale.
      locales: found?.locales,
    });
  }

  async function ContentPage({ params }: Props) {
    const locale = await localeParam(params);
    const found = await getLocalizedPage(slug, locale);
    const page = found?.item;
    const t = await getTranslations('ContentPage');
    const empty = !page || page.html.replace(/<[^>]*>/g, '').trim() === '';
    if (empty && !comingSoonWhenEmpty) notFound();
    const contentLocale = found?.contentLocale ?? locale;
    // English text under a translated interface: screen readers and translators need its language.
    const contentLang = page && contentLocale !== locale ? contentLocale : undefined;
    const title = page?.title || t(`fallbackTitle.${slug}` as 'fallbackTitle.about');
    return (
      <>
        <JsonLd
          data={webPageJsonLd(siteConfig(), {
            url: localizedPath(contentLang ?? locale, `/${slug}`),
            name: title,
            description: page?.excerpt || title,
            inLanguage: contentLocale,
          })}
        />
        <div lang={contentLang}>
          <PageHeader title={title} subtitle={page?.excerpt || undefined} />
        </div>
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          {/* Sticky within this column: in view while the page's text is read. */}
          {exit ? <ExitControl /> : null}
          {contentLang ? <EnglishOnlyNote kind="page" className="mb-8" /> : null}
          <FeatureImage image={page?.image ?? null} className="mb-10 rounded-2xl" />
          {empty ? (
            <EmptyState
              title={t('comingSoonTitle')}
              action={
                <ButtonLink href="/contact" prefetch={false} size="lg">
                  {t('contactUs')}
                </ButtonLink>
              }
            >
              {t('comingSoonBody')}
            </EmptyState>
          ) : (
            <div lang={contentLang}>
              <CmsHtml html={page.html} />
            </div>
          )}
          {After ? <After /> : null}
        </div>
      </>
    );
  }

  return { generateMetadata, ContentPage };
}
