import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { PostCard } from '@/components/blog/post-card';
import { ShareMenu } from '@/components/blog/share-menu';
import { StatusBadge } from '@/components/blog/status-badge';
import { CmsHtml } from '@/components/cms/cms-html';
import { BackLink, FeatureImage } from '@/components/cms/feature-image';
import { DonateCta } from '@/components/donate/donate-cta';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { ContentNote } from '@/components/help/content-note';
import { ExitControl } from '@/components/help/exit-control';
import { SupportBlock } from '@/components/help/support-block';
import { JsonLd } from '@/components/seo/json-ld';
import { localizedPath } from '@/i18n/paths';
import { localeParam, slugParam } from '@/i18n/params';
import {
  getCategories,
  getLocalizedPost,
  getRecentPostSlugs,
  getRelatedPosts,
  needsContentNote,
} from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { formatDate, isoDate } from '@/lib/utils/format';
import { blogPostingJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

/** ISR: an hour as a safety net; WordPress's webhook revalidates `post:{slug}` as soon as it changes. */
export const revalidate = 3600;

/** Pre-render the latest posts only; older ones render on first request and are cached (docs/ARCHITECTURE.md §4). */
export async function generateStaticParams() {
  return (await getRecentPostSlugs(20)).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: PageProps<'/[locale]/blog/[slug]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const slug = await slugParam(params);
  const found = await getLocalizedPost(slug, locale);
  if (!found) return { title: (await getTranslations({ locale, namespace: 'Blog' }))('notFoundTitle') };
  const post = found.item;
  const [categories, t] = await Promise.all([
    getCategories().catch(() => []),
    getTranslations({ locale, namespace: 'Metadata' }),
  ]);
  const meta = pageMetadata({
    locale,
    path: `/blog/${slug}`,
    title: post.title,
    description: post.excerpt.slice(0, 160) || post.title,
    ogType: 'article',
    keywords: {
      own: categories.filter((c) => post.categoryIds.includes(c.id)).map((c) => c.name),
      site: t('keywords'),
    },
    // One image for every locale, at its unprefixed (final) address.
    image: `/blog/${encodeURIComponent(slug)}/social-image`,
    locales: found.locales,
    // An SEO plugin's title, description, canonical and image win (lib/cms/seo.ts).
    seo: post.seo,
  });
  return {
    ...meta,
    openGraph: {
      ...meta.openGraph,
      type: 'article',
      publishedTime: isoDate(post.dateGmt),
      modifiedTime: post.modified,
    },
  };
}

/**
 * A blog post (docs/SPEC-NOTES.md §2 Blog post): back link, image, title, date, author, share menu, body, a Donate call
 * to action, related posts. A post tagged `content-note` (lib/cms/content-note.ts) gets 'Exit this page' and a
 * content note first, before its image and title (as Mind and GOV.UK put the warning), and ends with where to find
 * support instead of a giving ask. In es/fr/pt it shows the post's translation (lib/cms/translations.ts) at the
 * English post's address; without one, the English text marked `lang="en"` under a short 'English only' note.
 */
export default async function BlogPostPage({ params }: PageProps<'/[locale]/blog/[slug]'>) {
  const locale = await localeParam(params);
  const slug = await slugParam(params);
  const found = await getLocalizedPost(slug, locale);
  if (!found) notFound();
  const { item: post, contentLocale } = found;
  // English text under a translated interface: screen readers and translators need its language.
  const contentLang = contentLocale === locale ? undefined : contentLocale;
  const [t, related] = await Promise.all([getTranslations('Blog'), getRelatedPosts(found.source, 2)]);
  const site = siteConfig();
  const path = localizedPath(locale, `/blog/${slug}`);
  const author = post.author?.name || t('anonymous');
  // Polylang translates tags too, so the English post's `content-note` tag counts for its translations.
  const sensitive = needsContentNote(post) || needsContentNote(found.source);

  return (
    <article className="pb-16">
      <JsonLd
        data={blogPostingJsonLd(site, {
          // The canonical address: the English one for English-only text.
          path: localizedPath(contentLocale, `/blog/${slug}`),
          title: post.title,
          description: post.excerpt,
          datePublished: isoDate(post.dateGmt),
          dateModified: isoDate(post.modified) ?? undefined,
          authorName: author,
          imageUrl: post.image?.url,
          inLanguage: contentLocale,
        })}
      />
      <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6">
        <BackLink href="/blog" label={t('backToBlog')} />
      </div>
      {sensitive ? (
        <>
          {/* A child of the article itself, so it stays in view (sticky) while any of the post is read. */}
          <ExitControl columnClassName="mx-auto mt-2 max-w-3xl px-4 sm:px-6" />
          <div className="mx-auto mt-2 max-w-3xl px-4 sm:px-6">
            <ContentNote />
          </div>
        </>
      ) : null}
      {contentLang ? (
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <EnglishOnlyNote kind="article" className="mt-6" />
        </div>
      ) : null}
      <FeatureImage
        image={post.image}
        sizes="(min-width: 1024px) 1024px, 100vw"
        className="mx-auto mt-6 max-w-5xl sm:rounded-2xl"
      />
      <header className="mx-auto mt-8 max-w-3xl px-4 sm:px-6">
        <h1 lang={contentLang} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {post.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          <p className="flex flex-wrap items-center gap-x-2 text-muted">
            <time dateTime={isoDate(post.dateGmt)}>{formatDate(post.dateGmt, locale)}</time>
            <span aria-hidden>·</span>
            <span>{t('byAuthor', { author })}</span>
            <StatusBadge status={post.status} />
          </p>
          <ShareMenu url={new URL(path, site.url).toString()} title={post.title} />
        </div>
      </header>
      <div className="mx-auto mt-8 max-w-3xl px-4 sm:px-6">
        <div lang={contentLang} data-testid="post-body">
          <CmsHtml html={post.html} />
        </div>
      </div>
      <div className="mx-auto mt-12 max-w-3xl px-4 sm:px-6">
        {sensitive ? <SupportBlock /> : <DonateCta context="post" />}
      </div>
      {related.length > 0 ? (
        <aside aria-labelledby="related-title" className="mx-auto mt-16 max-w-5xl px-4 sm:px-6">
          <h2 id="related-title" className="text-2xl font-bold">
            {t('related')}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {related.map((p) => (
              <li key={p.id} className="flex">
                <PostCard post={p} locale={locale} defaultAuthor={site.shortName} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </article>
  );
}
