import { ArrowLeft, ArrowRight, Award, CheckCircle2, Circle, Download } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { CmsHtml } from '@/components/cms/cms-html';
import { contentLang } from '@/components/cms/content-lang';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { EmbedFacade } from '@/components/cms/embed-facade';
import { BackLink } from '@/components/cms/feature-image';
import { CompleteButton } from '@/components/courses/complete-button';
import { buttonClass } from '@/components/ui/button';
import { MaterialList } from '@/components/courses/material-list';
import {
  MATERIAL_KIND_KEYS,
  clampPercent,
  formatFileSize,
  neighbours,
  pickLesson,
} from '@/lib/courses/shared';
import { ProgressBar } from '@/components/courses/progress-bar';
import { PageHeader } from '@/components/layout/page-header';
import { localizeHref } from '@/i18n/client-paths';
import { Link, redirect } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { requireUser } from '@/lib/auth';
import {
  getCourseOutline,
  getProgress,
  isEnrolled,
  myCourses,
  resumeLesson,
  studentMaterials,
} from '@/lib/courses';
import { pageMetadata } from '@/lib/seo/metadata';
import { isVideoFile, vimeoEmbedUrl, youtubeEmbedUrl, youtubeId, youtubeThumbnail } from '@/lib/utils/video';

type Props = PageProps<'/[locale]/courses/[courseId]/learn'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const { courseId } = await params;
  const t = await getTranslations({ locale, namespace: 'CourseLearn' });
  return pageMetadata({
    locale,
    path: `/courses/${courseId}/learn`,
    title: t('navHeading'),
    description: t('navHeading'),
    noindex: true,
  });
}

/** Where a lesson's video plays: YouTube/Vimeo through the click-to-load facade, a file in <video>. */
function videoOf(url: string | null): { embed?: string; thumbnail?: string; file?: string } | null {
  if (!url) return null;
  const yt = youtubeId(url);
  if (yt) return { embed: youtubeEmbedUrl(yt), thumbnail: youtubeThumbnail(yt) };
  const vimeo = vimeoEmbedUrl(url);
  if (vimeo) return { embed: vimeo };
  if (isVideoFile(url) && (url.startsWith('/') || url.startsWith('https://'))) return { file: url };
  return null;
}

/**
 * The learn screen (docs/SPEC-NOTES.md §2 Courses): for the signed-in, enrolled student only (signed out → /login?next=…, not
 * enrolled → the course page). Lesson navigation by unit (the open lesson marked aria-current, completed ones
 * ticked), the lesson's text and optional video, Mark complete, the progress bar, and at 100% the certificate
 * download. The open lesson's materials (name, kind, size) are download links to `/uploads`, which checks the
 * enrolment again. Without `?lesson=` it resumes where the student left off (`resumeLesson`). Per user, so dynamic.
 * An unpublished course stays whole for the students already in it (lessons and materials; not on the list, no
 * new enrolments): docs/ARCHITECTURE.md "The course platform".
 * Courses are written in English: under /es, /fr, /pt the course's titles and lesson text carry `lang="en"`.
 */
export default async function LearnPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const { courseId } = await params;
  const learnPath = `/courses/${courseId}/learn`;
  const user = await requireUser({ locale, next: learnPath });
  if (!(await isEnrolled(user.id, courseId))) redirect({ href: `/courses/${courseId}`, locale });
  // An enrolled student keeps access if the course is unpublished mid-way (lib/courses does the same).
  const outline = await getCourseOutline(courseId, { includeDrafts: true });
  if (!outline) notFound();
  const [progress, resume, query, t, tEmbed, tCourses, materials] = await Promise.all([
    getProgress(user.id, courseId),
    resumeLesson(user.id, courseId),
    searchParams,
    getTranslations({ locale, namespace: 'CourseLearn' }),
    getTranslations({ locale, namespace: 'Embed' }),
    getTranslations({ locale, namespace: 'Courses' }),
    studentMaterials(courseId),
  ]);
  const { course, units, lessonIds } = outline;
  const completed = new Set(progress?.completedLessons ?? []);
  const percent = clampPercent(progress?.progress ?? 0);
  const currentId = pickLesson(lessonIds, query.lesson, resume?.id);
  const lesson = units.flatMap((u) => u.lessons).find((l) => l.id === currentId) ?? null;
  const { previous, next } = currentId ? neighbours(lessonIds, currentId) : {};
  const lessonHref = (id: string) => `${learnPath}?lesson=${id}`;
  const certificateId =
    percent >= 100
      ? ((await myCourses(user.id)).find((c) => c.course.id === course.id)?.certificateId ?? null)
      : null;
  const video = videoOf(lesson?.videoUrl ?? null);
  const lessonMaterials = lesson ? materials.filter((m) => m.lessonId === lesson.id) : [];
  const lang = contentLang(locale);

  return (
    <>
      <div lang={lang}>
        <PageHeader title={course.title} />
      </div>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[18rem_1fr]">
        <nav aria-labelledby="course-contents" className="lg:sticky lg:top-24 lg:self-start">
          <BackLink href={`/courses/${course.id}`} label={t('backToCourse')} />
          <h2 id="course-contents" className="mt-6 text-lg font-bold">
            {t('navHeading')}
          </h2>
          <ol className="mt-4 space-y-5">
            {units.map((unit) => (
              <li key={unit.id}>
                <p lang={lang} className="font-semibold">
                  {unit.title}
                </p>
                <ol className="mt-2 space-y-1">
                  {unit.lessons.map((l) => {
                    const current = l.id === currentId;
                    const done = completed.has(l.id);
                    return (
                      <li key={l.id}>
                        <Link
                          href={lessonHref(l.id)}
                          aria-current={current ? 'page' : undefined}
                          className={`flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-strong ${current ? 'bg-surface-strong font-semibold text-brand' : ''}`}
                        >
                          {done ? (
                            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                          ) : (
                            <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
                          )}
                          <span>
                            <span lang={lang}>{l.title}</span>
                            {done ? <span className="sr-only"> ({t('completedMark')})</span> : null}
                          </span>
                        </Link>
                      </li>
                    );
                  })}
                </ol>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-8">
          {lang ? <EnglishOnlyNote kind="course" /> : null}
          <ProgressBar value={percent} label={t('progressLabel')} text={t('progressText', { percent })} />

          {percent >= 100 ? (
            <section
              aria-labelledby="course-complete"
              className="rounded-2xl border border-border bg-surface p-6"
              data-testid="course-complete"
            >
              <h2 id="course-complete" className="flex items-center gap-2 text-xl font-bold">
                <Award aria-hidden className="size-6 text-brand" />
                {t('courseComplete')}
              </h2>
              {certificateId ? (
                <div className="mt-4 flex flex-wrap gap-4">
                  <a
                    href={localizeHref(locale, `/courses/${course.id}/certificate`)}
                    download
                    className={`${buttonClass('primary', 'md')} gap-2`}
                  >
                    <Download aria-hidden className="size-5" />
                    {t('downloadCertificate')}
                  </a>
                  <Link
                    href={`/verify/${certificateId}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
                  >
                    {t('verifyCertificate')}
                  </Link>
                </div>
              ) : null}
            </section>
          ) : null}

          {lesson && currentId ? (
            <article aria-labelledby="lesson-title" className="space-y-6">
              <div>
                <p className="text-sm text-muted">
                  {t('lessonOf', { number: lessonIds.indexOf(currentId) + 1, total: lessonIds.length })}
                </p>
                <h2 id="lesson-title" lang={lang} className="mt-1 text-3xl font-bold">
                  {lesson.title}
                </h2>
              </div>
              {video?.embed ? (
                <EmbedFacade
                  src={video.embed}
                  title={lesson.title}
                  playLabel={tEmbed('play')}
                  notice={tEmbed('notice')}
                  thumbnail={video.thumbnail}
                />
              ) : null}
              {video?.file ? (
                // A file an admin linked; captions, if any, are the file's own (no separate track is stored).
                <video controls preload="metadata" src={video.file} className="w-full rounded-xl" />
              ) : null}
              {lesson.body ? (
                <div lang={lang}>
                  <CmsHtml html={lesson.body} />
                </div>
              ) : null}
              {lessonMaterials.length > 0 ? (
                <section aria-labelledby="lesson-materials" className="space-y-3">
                  <h3 id="lesson-materials" className="text-xl font-bold">
                    {t('lessonMaterialsHeading')}
                  </h3>
                  <MaterialList
                    testId="lesson-materials"
                    materials={lessonMaterials}
                    labels={{
                      download: (name) => tCourses('download', { name }),
                      meta: (m) =>
                        tCourses('materialMeta', {
                          kind: tCourses(MATERIAL_KIND_KEYS[m.kind]),
                          size: formatFileSize(m.sizeBytes, locale),
                        }),
                    }}
                  />
                </section>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-4 border-t border-border pt-6">
                {completed.has(lesson.id) ? (
                  <p className="flex items-center gap-2 font-semibold text-success">
                    <CheckCircle2 aria-hidden className="size-5" />
                    {t('lessonDone')}
                  </p>
                ) : (
                  <ScopedClientMessages locale={locale} namespaces={['CourseLearn']}>
                    <CompleteButton
                      courseId={course.id}
                      lessonId={lesson.id}
                      nextHref={next ? lessonHref(next) : null}
                    />
                  </ScopedClientMessages>
                )}
                <div className="flex gap-4">
                  {previous ? (
                    <Link
                      href={lessonHref(previous)}
                      className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
                    >
                      <ArrowLeft aria-hidden className="size-4" />
                      {t('previous')}
                    </Link>
                  ) : null}
                  {next ? (
                    <Link
                      href={lessonHref(next)}
                      className="inline-flex items-center gap-1 font-semibold text-brand hover:underline"
                    >
                      {t('next')}
                      <ArrowRight aria-hidden className="size-4" />
                    </Link>
                  ) : null}
                </div>
              </div>
            </article>
          ) : (
            <p className="text-muted">{t('noLessons')}</p>
          )}
        </div>
      </div>
    </>
  );
}
