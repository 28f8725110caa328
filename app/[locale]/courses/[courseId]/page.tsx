import { Award, ListChecks } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations } from 'next-intl/server';

import { contentLang } from '@/components/cms/content-lang';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { BackLink } from '@/components/cms/feature-image';
import { type CourseDetail, courseDetailForAdmin, publishedCourse } from '@/lib/courses';
import { CourseMaterials, ManageCourseLink } from '@/components/courses/course-visitor';
import { EnrolPanel } from '@/components/courses/enrol-panel';
import { cutText } from '@/lib/courses/shared';
import { CoursePrice } from '@/components/courses/price';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { localeParam } from '@/i18n/params';
import { checkAdmin } from '@/lib/auth';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { siteConfig } from '@/lib/config/site';
import { courseJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

// Rendered on request (the build never opens the database, docs/ARCHITECTURE.md §2) from a read cached under the tag
// 'courses'; the same HTML for everyone: who is looking is asked by the islands (enrol panel, materials, Manage).
export const dynamic = 'force-dynamic';

/**
 * The page's course: a published one from the cached read (no cookie is read: the same page for everyone), else,
 * only for an id that is not a published course, a draft for a signed-in admin (D3: the admin previews a draft
 * from its manage page or the back office). Only this branch reads the session, and what it renders is never the
 * public page: anyone else gets the same 404 as for an unknown id. Deduplicated per request (metadata and page).
 */
const courseFor = cache(async (courseId: string): Promise<CourseDetail | null> => {
  const published = await publishedCourse(courseId);
  if (published) return published;
  if (!/^[0-9a-f-]{36}$/i.test(courseId)) return null;
  const admin = await checkAdmin();
  return admin.ok ? courseDetailForAdmin(courseId) : null;
});

type Props = PageProps<'/[locale]/courses/[courseId]'>;

/** A character no message contains (Unicode private use), where a unit's title goes in its label. */
const TITLE_SLOT = '\uE000';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const { courseId } = await params;
  const course = await courseFor(courseId);
  if (!course) return {};
  return pageMetadata({
    locale,
    path: `/courses/${course.id}`,
    title: course.title,
    description: cutText(course.description, 160),
    noindex: !course.published,
  });
}

/**
 * A course (docs/SPEC-NOTES.md §2 Courses): description, price, the outline of units and lessons, what the certificate says,
 * and the Enrol / Continue island; for its enrolled students (and admins) the course-wide materials, for admins a
 * 'Manage this course' link (islands: the page reads no cookies for a published course); Course JSON-LD. Unknown
 * and malformed ids are a real 404; so is a draft, except for an admin, who sees it with a draft notice. Courses are
 * written in English (the JSON-LD says so): under /es, /fr, /pt the course's own text carries `lang="en"` under the
 * 'English only' note, while headings, labels and the enrol panel stay in the page's language.
 */
export default async function CoursePage({ params }: Props) {
  const locale = await localeParam(params);
  const { courseId } = await params;
  const course = await courseFor(courseId);
  if (!course) notFound();
  const t = await getTranslations({ locale, namespace: 'Courses' });
  const site = siteConfig();
  const lang = contentLang(locale);
  // 'Unit {number}: {title}' with the (English) title in its own lang="en" span: the message is formatted around a
  // private-use placeholder and split there, so each locale keeps its word order and the catalogue stays plain text
  // (Courses is a client namespace: no rich-text tags, tests/unit/messages.test.ts).
  const unitLabel = (number: number, title: string) => {
    if (!lang) return t('unitLabel', { number, title });
    const [before, after = ''] = t('unitLabel', { number, title: TITLE_SLOT }).split(TITLE_SLOT);
    return (
      <>
        {before}
        <span lang={lang}>{title}</span>
        {after}
      </>
    );
  };
  return (
    <>
      {course.published ? (
        <JsonLd
          data={courseJsonLd(site, {
            path: `/courses/${course.id}`,
            title: course.title,
            description: cutText(course.description, 500),
            price: course.price,
            inLanguage: 'en',
          })}
        />
      ) : null}
      <div lang={lang}>
        <PageHeader title={course.title} />
      </div>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-10">
          <BackLink href="/courses" label={t('allCourses')} />
          {course.published ? null : (
            <p
              role="note"
              className="rounded-xl border border-accent bg-surface p-4 font-medium"
              data-testid="draft-notice"
            >
              {t('draftNotice')}
            </p>
          )}
          {lang ? <EnglishOnlyNote kind="course" /> : null}
          <div lang={lang} className="space-y-4 text-lg whitespace-pre-line">
            {course.description}
          </div>
          <section aria-labelledby="course-outline">
            <h2 id="course-outline" className="flex items-center gap-2 text-2xl font-bold">
              <ListChecks aria-hidden className="size-6 text-brand" />
              {t('outlineHeading')}
            </h2>
            {course.units.length === 0 ? (
              <p className="mt-4 text-muted">{t('noLessons')}</p>
            ) : (
              <ol className="mt-6 space-y-6">
                {course.units.map((unit, i) => (
                  <li key={unit.id} className="rounded-2xl border border-border p-5">
                    <h3 className="text-lg font-semibold">{unitLabel(i + 1, unit.title)}</h3>
                    {unit.lessons.length === 0 ? (
                      <p className="mt-2 text-sm text-muted">{t('noLessons')}</p>
                    ) : (
                      <ol lang={lang} className="mt-3 list-decimal space-y-1 ps-6">
                        {unit.lessons.map((lesson) => (
                          <li key={lesson.id}>{lesson.title}</li>
                        ))}
                      </ol>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <ScopedClientMessages locale={locale} namespaces={['Courses']}>
            <CourseMaterials courseId={course.id} />
          </ScopedClientMessages>
          <section aria-labelledby="course-certificate" className="rounded-2xl bg-surface p-6">
            <h2 id="course-certificate" className="flex items-center gap-2 text-2xl font-bold">
              <Award aria-hidden className="size-6 text-brand" />
              {t('certificateHeading')}
            </h2>
            <p lang={lang} className="mt-4 font-semibold">
              {course.certificationTitle}
            </p>
            <p lang={lang} className="mt-1">
              {course.certificationDescription}
            </p>
            <p className="mt-4 text-sm text-muted">{t('certificateBody')}</p>
          </section>
        </div>
        <aside aria-labelledby="course-enrol" className="lg:sticky lg:top-24 lg:self-start">
          <div className="space-y-4 rounded-2xl border border-border bg-surface p-6 shadow-sm">
            <h2 id="course-enrol" className="text-xl font-bold">
              {t('enrolHeading')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted">{t('priceLabel')}</dt>
              <dd className="font-semibold" data-testid="course-price">
                <CoursePrice price={course.price} locale={locale} />
              </dd>
              <dt className="text-muted">{t('lessonsLabel')}</dt>
              <dd className="font-semibold">{course.lessonCount}</dd>
            </dl>
            <ScopedClientMessages locale={locale} namespaces={['Courses']}>
              <EnrolPanel courseId={course.id} priced={course.price > 0} />
              <ManageCourseLink courseId={course.id} />
            </ScopedClientMessages>
          </div>
        </aside>
      </div>
    </>
  );
}
