import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { contentLang } from '@/components/cms/content-lang';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { BackLink, FeatureImage } from '@/components/cms/feature-image';
import { ExitControl } from '@/components/help/exit-control';
import { PageHeader } from '@/components/layout/page-header';
import { NotFoundView } from '@/components/layout/not-found-view';
import { JsonLd } from '@/components/seo/json-ld';
import { localizedPath } from '@/i18n/paths';
import { localeParam, slugParam } from '@/i18n/params';
import type { Locale } from '@/i18n/routing';
import { getCause, getCauses, type Cause } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { isSupportCause } from '@/lib/help/support-pages';
import { webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

import { CauseCard } from '@/components/causes/cause-card';

/** How many other causes to suggest under a cause. */
const OTHER_CAUSES = 6;

type SlugProps = { params: Promise<{ locale: string; slug: string }> };
type FixedProps = { params: Promise<{ locale: string }> };

/** The first of `slugs` that names a cause (the CMS slug may differ from the route, e.g. plural vs singular). */
async function findCause(slugs: string[]): Promise<Cause | null> {
  for (const slug of slugs) {
    const cause = await getCause(slug);
    if (cause) return cause;
  }
  return null;
}

async function causeMetadata(
  locale: Locale,
  cause: Cause | null,
  canonicalPath: (cause: Cause) => string,
): Promise<Metadata> {
  if (!cause) {
    const t = await getTranslations({ locale, namespace: 'Causes' });
    return { title: t('notFoundTitle') };
  }
  return pageMetadata({
    locale,
    path: canonicalPath(cause),
    title: cause.title,
    description: (cause.shortDescription || cause.excerpt).slice(0, 160) || cause.title,
    ogType: 'article',
  });
}

/**
 * One cause (docs/SPEC-NOTES.md §2): title and short description, featured image, content, and other causes to explore.
 * Causes are English (no translations): under /es, /fr, /pt the text carries `lang="en"` under the 'English only'
 * note (components/cms/content-lang.tsx).
 */
async function CauseView({ locale, cause, path }: { locale: Locale; cause: Cause; path: string }) {
  const t = await getTranslations('Causes');
  const others = (await getCauses()).filter((c) => c.slug !== cause.slug).slice(0, OTHER_CAUSES);
  return (
    <>
      <JsonLd
        data={webPageJsonLd(siteConfig(), {
          url: localizedPath(locale, path),
          name: cause.title,
          description: cause.shortDescription || cause.title,
          inLanguage: locale,
        })}
      />
      <div lang={contentLang(locale)}>
        <PageHeader title={cause.title} subtitle={cause.shortDescription || undefined} />
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {/* A support service (pastoral work) offers Exit, sticky within this column. */}
        {isSupportCause(cause.slug) ? <ExitControl /> : null}
        <BackLink href="/causes" label={t('back')} />
        {contentLang(locale) ? <EnglishOnlyNote kind="cause" className="mt-6" /> : null}
        <FeatureImage image={cause.image} className="mt-6 rounded-2xl" />
        <div lang={contentLang(locale)} className="mt-8">
          <CmsHtml html={cause.html} />
        </div>
      </div>
      {others.length > 0 ? (
        <section aria-labelledby="other-causes" className="bg-surface">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
            <h2 id="other-causes" className="text-2xl font-bold">
              {t('otherCauses')}
            </h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((other) => (
                <li key={other.slug}>
                  <CauseCard cause={other} locale={locale} headingLevel="h3" compact />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

/**
 * The `[slug]` cause routes: /causes/{slug} and its alias /cause/{slug} (docs/SPEC-NOTES.md §2; the footer and home link to
 * the alias). Both render the same page with the canonical URL /causes/{slug}, so search engines index one.
 * Every cause is prerendered (docs/SPEC-NOTES.md §9: at most 100); an unknown slug is a real 404.
 */
export function causeSlugRoute() {
  async function generateStaticParams() {
    return (await getCauses()).map((c) => ({ slug: c.slug }));
  }

  async function generateMetadata({ params }: SlugProps): Promise<Metadata> {
    const locale = await localeParam(params);
    const cause = await getCause(await slugParam(params));
    return causeMetadata(locale, cause, (c) => `/causes/${c.slug}`);
  }

  async function CausePage({ params }: SlugProps) {
    const locale = await localeParam(params);
    const cause = await getCause(await slugParam(params));
    if (!cause) notFound();
    return <CauseView locale={locale} cause={cause} path={`/causes/${cause.slug}`} />;
  }

  return { generateStaticParams, generateMetadata, CausePage };
}

/**
 * A cause at a fixed path (docs/SPEC-NOTES.md §2: /causes/international-solidarity), showing the first of `slugs` found in the
 * CMS. The page is canonical at its own path. Missing from the CMS: a real 404.
 */
export function fixedCauseRoute({ path, slugs }: { path: string; slugs: string[] }) {
  async function generateMetadata({ params }: FixedProps): Promise<Metadata> {
    const locale = await localeParam(params);
    return causeMetadata(locale, await findCause(slugs), () => path);
  }

  async function CausePage({ params }: FixedProps) {
    const locale = await localeParam(params);
    const cause = await findCause(slugs);
    if (!cause) notFound();
    return <CauseView locale={locale} cause={cause} path={path} />;
  }

  return { generateMetadata, CausePage };
}

/** 'Cause Not Found' with a link back to the causes list; Next sends it with status 404. */
export function CauseNotFound() {
  return <NotFoundView kind="causes" />;
}
