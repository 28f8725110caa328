import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import {
  ConfirmDelete,
  ManageForm,
  MoveButtons,
  MoveToUnit,
  adminInput,
  adminPrimary,
} from '@/components/courses/admin-parts';
import { PageHeader } from '@/components/layout/page-header';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { CourseStudents } from '@/components/back-office/course-students';
import { authKind, requireAdmin } from '@/lib/auth';
import { manageStatus } from '@/lib/course-admin/status';
import { getCourseOutline, listMaterials } from '@/lib/courses';
import { getDb, listCourseStudents } from '@/lib/db';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_PRICE_MAX,
  COURSE_TITLE_MAX,
  MATERIAL_ACCEPT,
} from '@/lib/courses/schemas';
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
 * Managing one course (docs/SPEC-NOTES.md §2; issue 7 item 4), admins only (`requireAdmin` first; an unknown id is a 404):
 * edit the fields, publish or unpublish, add, edit, reorder (Move up / Move down buttons) and delete units and
 * lessons, move a lesson to another unit (Move to unit), upload materials, and enrol a student by email (for
 * priced courses: payments are not taken online); the enrolled students with their progress, last activity and
 * certificate, and their CSV export (/api/courses/{id}/students). Every form posts to a server action that checks admin rights again
 * (app/actions/course-admin.ts), or for files to /api/courses/materials; they work without JavaScript and come
 * back here with `?done=` or `?error=`, announced in a status region.
 */
export default async function ManageCoursePage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const { courseId } = await params;
  await requireAdmin({ locale, next: `/courses/manage/${encodeURIComponent(courseId)}` });
  const outline = await getCourseOutline(courseId, { includeDrafts: true });
  if (!outline) notFound();
  const { course, units } = outline;
  const materials = await listMaterials(course.id);
  const students = await listCourseStudents(await getDb(), course.id, {
    supabase: authKind() === 'supabase',
  });
  const t = await getTranslations({ locale, namespace: 'CourseAdmin' });
  const tStudents = await getTranslations({ locale, namespace: 'AdminLists.students' });
  const status = manageStatus(await searchParams);
  const lessonCount = units.reduce((n, u) => n + u.lessons.length, 0);
  const common = { locale, courseId: course.id };
  const moveLabels = { up: t('moveUp'), down: t('moveDown') };
  const moveToUnitLabels = { select: t('moveToUnitLabel'), submit: t('moveToUnit') };
  const unitLabels = units.map((u, i) => ({
    id: u.id,
    label: `${t('unitNumber', { number: i + 1 })}: ${u.title}`,
  }));
  const lessonFields = (
    prefix: string,
    values?: { title: string; body: string; videoUrl: string | null },
  ) => (
    <>
      <div>
        <label htmlFor={`${prefix}-title`} className="block font-medium">
          {t('lessonTitleLabel')}
        </label>
        <input
          id={`${prefix}-title`}
          name="title"
          required
          maxLength={COURSE_TITLE_MAX}
          defaultValue={values?.title}
          className={adminInput}
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-body`} className="block font-medium">
          {t('lessonBodyLabel')}
        </label>
        <p id={`${prefix}-body-hint`} className="text-sm text-muted">
          {t('lessonBodyHint')}
        </p>
        <textarea
          id={`${prefix}-body`}
          name="body"
          rows={6}
          aria-describedby={`${prefix}-body-hint`}
          defaultValue={values?.body}
          className={adminInput}
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-video`} className="block font-medium">
          {t('videoUrlLabel')}
        </label>
        <input
          id={`${prefix}-video`}
          name="videoUrl"
          type="url"
          defaultValue={values?.videoUrl ?? ''}
          className={adminInput}
        />
      </div>
    </>
  );

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
            <ManageForm op="publish" {...common} hidden={{ published: course.published ? 'false' : 'true' }}>
              <button type="submit" className={adminPrimary}>
                {course.published ? t('unpublish') : t('publish')}
              </button>
            </ManageForm>
            {course.published ? (
              <Link
                href={`/courses/${course.id}`}
                className="font-semibold text-brand underline underline-offset-4"
              >
                {t('viewCourse')}
              </Link>
            ) : null}
          </div>
          <ManageForm op="update" {...common} className="space-y-5">
            <div>
              <label htmlFor="course-title" className="block font-medium">
                {t('titleLabel')}
              </label>
              <input
                id="course-title"
                name="title"
                required
                maxLength={COURSE_TITLE_MAX}
                defaultValue={course.title}
                className={adminInput}
              />
            </div>
            <div>
              <label htmlFor="course-description" className="block font-medium">
                {t('descriptionLabel')}
              </label>
              <textarea
                id="course-description"
                name="description"
                rows={6}
                maxLength={COURSE_DESCRIPTION_MAX}
                defaultValue={course.description}
                className={adminInput}
              />
            </div>
            <div>
              <label htmlFor="course-price" className="block font-medium">
                {t('priceLabel')}
              </label>
              <p id="course-price-hint" className="text-sm text-muted">
                {t('priceHint')}
              </p>
              <input
                id="course-price"
                name="price"
                type="number"
                inputMode="decimal"
                required
                min={0}
                max={COURSE_PRICE_MAX}
                step="0.01"
                aria-describedby="course-price-hint"
                defaultValue={course.price}
                className={`${adminInput} max-w-48`}
              />
            </div>
            <div>
              <label htmlFor="course-thumbnail" className="block font-medium">
                {t('thumbnailLabel')}
              </label>
              <p id="course-thumbnail-hint" className="text-sm text-muted">
                {t('thumbnailHint')}
              </p>
              <input
                id="course-thumbnail"
                name="thumbnail"
                type="url"
                aria-describedby="course-thumbnail-hint"
                defaultValue={course.thumbnail ?? ''}
                className={adminInput}
              />
            </div>
            <fieldset className="space-y-4 rounded-xl border border-border p-4">
              <legend className="px-1 font-semibold">{t('certificateLegend')}</legend>
              <div>
                <label htmlFor="course-cert-title" className="block font-medium">
                  {t('certificationTitleLabel')}
                </label>
                <input
                  id="course-cert-title"
                  name="certificationTitle"
                  maxLength={COURSE_TITLE_MAX}
                  defaultValue={course.certificationTitle}
                  className={adminInput}
                />
              </div>
              <div>
                <label htmlFor="course-cert-description" className="block font-medium">
                  {t('certificationDescriptionLabel')}
                </label>
                <textarea
                  id="course-cert-description"
                  name="certificationDescription"
                  rows={3}
                  maxLength={2000}
                  defaultValue={course.certificationDescription}
                  className={adminInput}
                />
              </div>
            </fieldset>
            <button type="submit" className={adminPrimary}>
              {t('saveDetails')}
            </button>
          </ManageForm>
        </section>

        <section id="units" aria-labelledby="units-heading" className="scroll-mt-24 space-y-6">
          <h2 id="units-heading" className="text-2xl font-bold">
            {t('unitsHeading')}
          </h2>
          <p className="text-muted">{t('unitsSummary', { units: units.length, lessons: lessonCount })}</p>
          {units.length === 0 ? <p>{t('noUnits')}</p> : null}
          <ol className="space-y-8">
            {units.map((unit, unitIndex) => (
              <li
                key={unit.id}
                id={`unit-${unit.id}`}
                className="scroll-mt-24 space-y-4 rounded-xl border border-border p-4"
              >
                <h3 className="text-xl font-semibold">
                  <span className="text-muted">{t('unitNumber', { number: unitIndex + 1 })}: </span>
                  {unit.title}
                </h3>
                <div className="flex flex-wrap items-start gap-2">
                  <MoveButtons
                    op="moveUnit"
                    {...common}
                    idName="unitId"
                    id={unit.id}
                    index={unitIndex}
                    count={units.length}
                    labels={moveLabels}
                    itemTitle={unit.title}
                  />
                  <ConfirmDelete
                    summary={
                      <>
                        {t('deleteUnit')}
                        <span className="sr-only">: {unit.title}</span>
                      </>
                    }
                    warning={t('deleteUnitWarning', { count: unit.lessons.length })}
                    confirm={t('deleteUnitConfirm')}
                  >
                    {(button) => (
                      <ManageForm op="deleteUnit" {...common} hidden={{ unitId: unit.id }}>
                        {button}
                      </ManageForm>
                    )}
                  </ConfirmDelete>
                </div>
                {unit.lessons.length === 0 ? <p className="text-muted">{t('noLessons')}</p> : null}
                <ol className="space-y-3">
                  {unit.lessons.map((lesson, lessonIndex) => (
                    <li
                      key={lesson.id}
                      id={`lesson-${lesson.id}`}
                      className="scroll-mt-24 space-y-2 rounded-lg bg-surface p-3"
                    >
                      <p className="font-medium">
                        {lessonIndex + 1}. {lesson.title}
                        {lesson.videoUrl ? (
                          <span className="ml-2 text-sm text-muted">({t('hasVideo')})</span>
                        ) : null}
                      </p>
                      <div className="flex flex-wrap items-start gap-2">
                        <MoveButtons
                          op="moveLesson"
                          {...common}
                          idName="lessonId"
                          id={lesson.id}
                          index={lessonIndex}
                          count={unit.lessons.length}
                          labels={moveLabels}
                          itemTitle={lesson.title}
                        />
                        <details>
                          <summary className="inline-block cursor-pointer rounded-full border border-border px-4 py-1.5 text-sm font-semibold hover:bg-bg">
                            {t('editLesson')}
                            <span className="sr-only">: {lesson.title}</span>
                          </summary>
                          <ManageForm
                            op="updateLesson"
                            {...common}
                            hidden={{ lessonId: lesson.id }}
                            className="mt-3 space-y-4"
                          >
                            {lessonFields(`edit-${lesson.id}`, lesson)}
                            <button type="submit" className={adminPrimary}>
                              {t('saveLesson')}
                            </button>
                          </ManageForm>
                        </details>
                        <ConfirmDelete
                          summary={
                            <>
                              {t('deleteLesson')}
                              <span className="sr-only">: {lesson.title}</span>
                            </>
                          }
                          warning={t('deleteLessonWarning')}
                          confirm={t('deleteLessonConfirm')}
                        >
                          {(button) => (
                            <ManageForm
                              op="deleteLesson"
                              {...common}
                              hidden={{ lessonId: lesson.id, unitId: unit.id }}
                            >
                              {button}
                            </ManageForm>
                          )}
                        </ConfirmDelete>
                      </div>
                      <MoveToUnit
                        {...common}
                        lessonId={lesson.id}
                        lessonTitle={lesson.title}
                        units={unitLabels.filter((u) => u.id !== unit.id)}
                        labels={moveToUnitLabels}
                      />
                    </li>
                  ))}
                </ol>
                <details>
                  <summary className="cursor-pointer font-semibold text-brand">
                    {t('addLessonSummary', { unit: unit.title })}
                  </summary>
                  <ManageForm
                    op="addLesson"
                    {...common}
                    hidden={{ unitId: unit.id }}
                    className="mt-3 space-y-4"
                  >
                    {lessonFields(`new-${unit.id}`)}
                    <button type="submit" className={adminPrimary}>
                      {t('addLesson')}
                    </button>
                  </ManageForm>
                </details>
              </li>
            ))}
          </ol>
          <ManageForm op="addUnit" {...common} className="flex flex-wrap items-end gap-3">
            <div className="grow">
              <label htmlFor="new-unit-title" className="block font-medium">
                {t('unitTitleLabel')}
              </label>
              <input
                id="new-unit-title"
                name="title"
                required
                maxLength={COURSE_TITLE_MAX}
                className={adminInput}
              />
            </div>
            <button type="submit" className={adminPrimary}>
              {t('addUnit')}
            </button>
          </ManageForm>
        </section>

        <section id="materials" aria-labelledby="materials-heading" className="scroll-mt-24 space-y-6">
          <h2 id="materials-heading" className="text-2xl font-bold">
            {t('materialsHeading')}
          </h2>
          {materials.length === 0 ? (
            <p>{t('noMaterials')}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-6">
              {materials.map((m) => (
                <li key={m.id}>
                  <a href={m.url} className="text-brand underline underline-offset-4">
                    {m.filename}
                  </a>{' '}
                  <span className="text-sm text-muted">
                    ({t('materialSize', { size: (m.sizeBytes / 1048576).toFixed(2) })})
                  </span>
                </li>
              ))}
            </ul>
          )}
          <form
            method="post"
            encType="multipart/form-data"
            action={`/api/courses/materials?${new URLSearchParams({ redirect: '1', locale, courseId: course.id })}`}
            className="space-y-4"
          >
            <input type="hidden" name="courseId" value={course.id} />
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="redirect" value="1" />
            <div>
              <label htmlFor="material-file" className="block font-medium">
                {t('materialFileLabel')}
              </label>
              <p id="material-hint" className="text-sm text-muted">
                {t('materialHint')}
              </p>
              <input
                id="material-file"
                name="file"
                type="file"
                required
                accept={MATERIAL_ACCEPT}
                aria-describedby="material-hint"
                className="mt-1 block"
              />
            </div>
            <div>
              <label htmlFor="material-lesson" className="block font-medium">
                {t('materialLessonLabel')}
              </label>
              <select id="material-lesson" name="lessonId" className={adminInput}>
                <option value="">{t('materialWholeCourse')}</option>
                {units.flatMap((unit) =>
                  unit.lessons.map((lesson) => (
                    <option key={lesson.id} value={lesson.id}>
                      {unit.title}: {lesson.title}
                    </option>
                  )),
                )}
              </select>
            </div>
            <button type="submit" className={adminPrimary}>
              {t('upload')}
            </button>
          </form>
        </section>

        <section id="students" aria-labelledby="students-heading" className="scroll-mt-24 space-y-6">
          <h2 id="students-heading" className="text-2xl font-bold">
            {t('studentsHeading')}
          </h2>
          <p id="students-intro">{t('studentsIntro')}</p>
          <ManageForm op="enrolStudent" {...common} className="flex flex-wrap items-end gap-3">
            <div className="grow">
              <label htmlFor="student-email" className="block font-medium">
                {t('studentEmailLabel')}
              </label>
              <input
                id="student-email"
                name="email"
                type="email"
                autoComplete="off"
                required
                maxLength={254}
                aria-describedby="students-intro"
                className={adminInput}
              />
            </div>
            <button type="submit" className={adminPrimary}>
              {t('enrolStudent')}
            </button>
          </ManageForm>
          <CourseStudents
            locale={locale}
            courseId={course.id}
            students={students}
            t={(key, values) => tStudents(key as never, values as never)}
          />
        </section>

        <p className="flex flex-wrap gap-6">
          <Link href="/courses/create" className="font-semibold text-brand underline underline-offset-4">
            {t('createAnother')}
          </Link>
          <Link href="/courses" className="font-semibold text-brand underline underline-offset-4">
            {t('backToCourses')}
          </Link>
        </p>
      </div>
    </>
  );
}
