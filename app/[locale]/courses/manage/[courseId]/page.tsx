import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { CourseDetailsFields } from '@/components/courses/admin/course-details-fields';
import { MaterialsSection } from '@/components/courses/admin/materials-section';
import { ManageForm, adminInput, adminPrimary } from '@/components/courses/admin/parts';
import { StudentsSection } from '@/components/courses/admin/students-section';
import { UnitsSection } from '@/components/courses/admin/units-section';
import { PageHeader } from '@/components/layout/page-header';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { requireAdmin } from '@/lib/auth';
import { courseStudents, getCourseOutline, listMaterials } from '@/lib/courses';
import { publishCourseAction, updateCourseAction } from '@/lib/courses/actions';
import { manageStatus } from '@/lib/courses/shared';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = PageProps<'/[locale]/courses/manage/[courseId]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const { courseId } = await params;
  const t = await getTranslations({ locale, namespace: 'CourseAdmin' });
  return pageMetadata({
    locale,
    path: `/courses/manage/${courseId}`,
    title: t('manageMetaTitle'),
    description: t('manageIntro'),
    noindex: true,
  });
}

/**
 * Managing one course (docs/SPEC-NOTES.md §2; issue 7 item 4), admins only (`requireAdmin` first; an unknown id is
 * a 404): edit the details (the creation form's fields), publish or unpublish, the units and lessons, materials and
 * students (components/courses/admin). Every form posts to its own server action in lib/courses/actions.ts, which
 * checks admin rights again, or for files to /api/courses/materials; they work without JavaScript and come back
 * here with `?done=` or `?error=`, announced in a status region.
 */
export default async function ManageCoursePage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const { courseId } = await params;
  await requireAdmin({ locale, next: `/courses/manage/${encodeURIComponent(courseId)}` });
  const outline = await getCourseOutline(courseId, { includeDrafts: true });
  if (!outline) notFound();
  const { course, units } = outline;
  const [materials, students] = await Promise.all([listMaterials(course.id), courseStudents(course.id)]);
  const t = await getTranslations({ locale, namespace: 'CourseAdmin' });
  const tStudents = await getTranslations({ locale, namespace: 'AdminLists.students' });
  const status = manageStatus(await searchParams);
  const common = { locale, courseId: course.id };
  const linkClass = 'font-semibold text-brand underline underline-offset-4';

  return (
    <>
      <PageHeader title={t('manageTitle', { title: course.title })} subtitle={t('manageIntro')} />
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-12 sm:px-6">
        <div role="status" className="min-h-6">
          {status ? (
            <p
              className={`rounded-lg border p-3 font-medium ${status.ok ? 'border-success text-success' : 'border-danger text-danger'}`}
            >
              {t(status.key)}
            </p>
          ) : null}
        </div>

        <section id="details" aria-labelledby="details-heading" className="scroll-mt-24 space-y-6">
          <h2 id="details-heading" className="text-2xl font-bold">
            {t('detailsHeading')}
          </h2>
          <div className="flex flex-wrap items-center gap-4 rounded-xl border border-border p-4">
            <p className="font-semibold" data-testid="publish-state">
              {course.published ? t('statusPublished') : t('statusDraft')}
            </p>
            <ManageForm
              action={publishCourseAction}
              {...common}
              hidden={{ published: course.published ? 'false' : 'true' }}
            >
              <button type="submit" className={adminPrimary}>
                {course.published ? t('unpublish') : t('publish')}
              </button>
            </ManageForm>
            <Link href={`/courses/${course.id}`} className={linkClass}>
              {course.published ? t('viewCourse') : t('previewCourse')}
            </Link>
          </div>
          <ManageForm action={updateCourseAction} {...common} className="space-y-5">
            <CourseDetailsFields idPrefix="course" t={t} inputClassName={adminInput} values={course} />
            <button type="submit" className={adminPrimary}>
              {t('saveDetails')}
            </button>
          </ManageForm>
        </section>

        <UnitsSection t={t} {...common} units={units} />
        <MaterialsSection t={t} {...common} units={units} materials={materials} />
        <StudentsSection
          t={t}
          tStudents={(key, values) => tStudents(key as never, values as never)}
          {...common}
          students={students}
        />

        <p className="flex flex-wrap gap-6">
          <Link href="/courses/create" className={linkClass}>
            {t('createAnother')}
          </Link>
          <Link href="/courses" className={linkClass}>
            {t('backToCourses')}
          </Link>
          <Link href="/admin/courses" className={linkClass}>
            {t('allCoursesBackOffice')}
          </Link>
        </p>
      </div>
    </>
  );
}
