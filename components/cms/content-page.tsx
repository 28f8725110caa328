import type { Metadata } from 'next';
import type { ComponentType } from 'react';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { FeatureImage } from '@/components/cms/feature-image';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { getPage } from '@/lib/cms';
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
};

type Props = { params: Promise<{ locale: string }> };

/**
 * A route that shows one WordPress page (About, Our Work, Privacy Policy, the initiative pages): metadata from
 * the page, its featured image and its sanitised content. Missing pages 404, unless `comingSoonWhenEmpty`.
 */
export function contentPageRoute({ slug, comingSoonWhenEmpty = false, after: After }: Options) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const locale = await localeParam(params);
    const page = await getPage(slug);
    const t = await getTranslations({ locale, namespace: 'ContentPage' });
    const title = page?.title || t(`fallbackTitle.${slug}` as 'fallbackTitle.about');
    return pageMetadata({
      locale,
      path: `/${slug}`,
      title,
      description: page?.excerpt.slice(0, 160) || title,
    });
  }

  async function ContentPage({ params }: Props) {
    const locale = await localeParam(params);
    const page = await getPage(slug);
    const t = await getTranslations('ContentPage');
    const empty = !page || page.html.replace(/<[^>]*>/g, '').trim() === '';
    if (empty && !comingSoonWhenEmpty) notFound();
    const title = page?.title || t(`fallbackTitle.${slug}` as 'fallbackTitle.about');
    return (
      <>
        <JsonLd
          data={webPageJsonLd(siteConfig(), {
            url: localizedPath(locale, `/${slug}`),
            name: title,
            description: page?.excerpt || title,
            inLanguage: locale,
          })}
        />
        <PageHeader title={title} subtitle={page?.excerpt || undefined} />
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <FeatureImage image={page?.image ?? null} className="mb-10 rounded-2xl" />
          {empty ? (
            <div className="rounded-2xl border border-dashed border-border p-10 text-center">
              <h2 className="text-2xl font-semibold">{t('comingSoonTitle')}</h2>
              <p className="mt-2 text-muted">{t('comingSoonBody')}</p>
              <Link
                href="/contact"
                prefetch={false}
                className="mt-6 inline-flex rounded-full bg-brand px-6 py-3 font-semibold text-brand-fg hover:bg-brand-hover"
              >
                {t('contactUs')}
              </Link>
            </div>
          ) : (
            <CmsHtml html={page.html} />
          )}
          {After ? <After /> : null}
        </div>
      </>
    );
  }

  return { generateMetadata, ContentPage };
}
