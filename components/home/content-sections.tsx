import { ArrowRight } from '@/components/icons/icons';
import { getLocale, getTranslations } from 'next-intl/server';

import { PostCard } from '@/components/blog/post-card';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { ReportCard } from '@/components/reports/report-card';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { Cause, PostSummary, Report } from '@/lib/cms';
import { htmlToText, truncateAtWord } from '@/lib/utils/text';

/** Initiative description cut (spec §9): 150 characters at a word boundary, with an ellipsis. */
const INITIATIVE_DESCRIPTION_MAX = 150;

function SectionHeading({
  id,
  title,
  intro,
  viewAll,
}: {
  id: string;
  title: string;
  intro?: string;
  viewAll?: { href: string; label: string };
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 id={id} className="text-3xl font-bold">
          {title}
        </h2>
        {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
      </div>
      {viewAll ? (
        <Link
          href={viewAll.href}
          className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
        >
          {viewAll.label}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Causes as cards linking to /cause/{slug}, each description stripped of tags and cut to 150 characters at a word
 * boundary (spec §9). Takes the causes (lib/causes: the home page passes its seven initiatives, Our work every
 * cause), which heading to show ('initiatives': the home page's "Our Initiatives"; 'causes': Our work's "Our causes")
 * and an optional intro. The titles and descriptions are CMS text (English): under /es, /fr, /pt they carry
 * lang="en" and the card its 'English' tag (WCAG 3.1.2). An empty list renders nothing.
 */
export async function ProgrammesSection({
  causes,
  heading = 'causes',
  intro,
}: {
  causes: Cause[];
  heading?: 'initiatives' | 'causes';
  intro?: string;
}) {
  const [t, locale] = await Promise.all([getTranslations('HomePage'), getLocale()]);
  if (causes.length === 0) return null;
  const lang = contentLang(locale);
  return (
    <section aria-labelledby="initiatives-title" className="bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading
          id="initiatives-title"
          title={t(heading === 'initiatives' ? 'initiativesHeading' : 'causesHeading')}
          intro={intro ?? t('initiativesIntro')}
          viewAll={{ href: '/causes', label: t('viewAllCauses') }}
        />
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="initiatives">
          {causes.map((cause) => (
            <li
              key={cause.slug}
              className="group relative flex flex-col gap-2 rounded-2xl border border-border bg-bg p-6 hover:shadow-md"
            >
              <h3 className="text-lg font-semibold" lang={lang}>
                <Link
                  href={`/cause/${cause.slug}`}
                  className="group-hover:text-brand after:absolute after:inset-0"
                >
                  {cause.title}
                </Link>
              </h3>
              <ContentLangTag locale={locale} />
              <p className="text-muted" lang={lang}>
                {truncateAtWord(htmlToText(cause.shortDescription), INITIATIVE_DESCRIPTION_MAX)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export async function LatestReportsSection({ reports, locale }: { reports: Report[]; locale: Locale }) {
  const t = await getTranslations('HomePage');
  if (reports.length === 0) return null;
  return (
    <section aria-labelledby="reports-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="reports-title"
        title={t('reportsHeading')}
        viewAll={{ href: '/reports', label: t('viewAllReports') }}
      />
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {reports.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} locale={locale} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}

export async function FeaturedPostsSection({
  posts,
  locale,
  defaultAuthor,
}: {
  posts: PostSummary[];
  locale: Locale;
  defaultAuthor: string;
}) {
  const t = await getTranslations('HomePage');
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="posts-title" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <SectionHeading
        id="posts-title"
        title={t('postsHeading')}
        viewAll={{ href: '/blog', label: t('viewAllPosts') }}
      />
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id} className="flex">
            <PostCard post={post} locale={locale} defaultAuthor={defaultAuthor} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
