import { ArrowRight, BookOpen } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { publishedCourses } from '@/lib/courses';
import { AdminCoursesLink, ManageCardLink } from '@/components/courses/admin-course-links';
import { DeniedToast } from '@/components/courses/denied-toast';
import { cutText } from '@/lib/courses/shared';
import { CoursePrice } from '@/components/courses/price';
import { PageHeader } from '@/components/layout/page-header';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { pageMetadata } from '@/lib/seo/metadata';

// Rendered on request so that `next build` never opens the database (docs/ARCHITECTURE.md §2); the read itself is cached
// with the tag 'courses' (lib/courses/catalog.ts). The page reads no cookies and no search params.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/courses'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Courses' });
  return pageMetadata({ locale, path: '/courses', title: t('title'), description: t('description') });
}

/**
 * Courses list (docs/SPEC-NOTES.md §2 Courses): every published course, newest first, with a cut description, the price
 * ('Free' or £) and a link to its page. Also where `requireAdmin` sends non-admins (`?denied=admin`): the
 * DeniedToast island shows docs/SPEC-NOTES.md §6's 'Access Denied' toast. For admins, islands add a link to the back
 * office's list of every course (drafts included) and a 'Manage' link on each card; the page itself reads no
 * cookies. Courses are written in English: under /es,
 * /fr, /pt each card shows the 'English' tag and its title and description carry `lang="en"`.
 */
export default async function CoursesPage({ params }: PageProps<'/[locale]/courses'>) {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Courses' });
  const courses = await publishedCourses();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ScopedClientMessages locale={locale} namespaces={['Courses']}>
        <DeniedToast />
      </ScopedClientMessages>
      {/* One provider for the admin islands (the catalogue's link and each card's Manage link). */}
      <ScopedClientMessages locale={locale} namespaces={['Courses']}>
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <AdminCoursesLink />
          {courses.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted">
              {t('empty')}
            </p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="course-list">
              {courses.map((course) => (
                <li key={course.id}>
                  <article className="relative flex h-full flex-col rounded-2xl border border-border bg-surface p-6 shadow-sm focus-within:ring-2 focus-within:ring-focus">
                    <div className="flex items-center justify-between gap-2">
                      <BookOpen aria-hidden className="size-8 text-brand" />
                      <ContentLangTag locale={locale} />
                    </div>
                    <h2 lang={contentLang(locale)} className="mt-4 text-xl font-bold">
                      <Link
                        href={`/courses/${course.id}`}
                        className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                      >
                        {course.title}
                      </Link>
                    </h2>
                    <p lang={contentLang(locale)} className="mt-3 flex-1 text-muted">
                      {cutText(course.description)}
                    </p>
                    <div className="mt-6 flex items-center justify-between gap-4">
                      <span className="rounded-full bg-surface-strong px-3 py-1 text-sm font-semibold">
                        <CoursePrice price={course.price} locale={locale} />
                      </span>
                      <span className="text-sm text-muted">
                        {t('lessonsCount', { count: course.lessonCount })}
                      </span>
                    </div>
                    <span
                      aria-hidden
                      className="mt-4 inline-flex items-center gap-1 font-semibold text-brand"
                    >
                      {t('viewCourse')} <ArrowRight className="size-4" />
                    </span>
                    <ManageCardLink courseId={course.id} title={course.title} />
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </ScopedClientMessages>
    </>
  );
}
