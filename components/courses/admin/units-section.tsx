import type { Locale } from '@/i18n/routing';
import type { CourseLesson, CourseUnit } from '@/lib/courses';
import {
  addLessonAction,
  addUnitAction,
  deleteLessonAction,
  deleteUnitAction,
  moveLessonAction,
  moveUnitAction,
  updateLessonAction,
  updateUnitAction,
} from '@/lib/courses/actions';
import { COURSE_TITLE_MAX } from '@/lib/courses/shared';

import { LessonFields } from './lesson-fields';
import {
  type CourseAdminT,
  ConfirmDelete,
  ManageForm,
  MoveButtons,
  MoveToUnit,
  adminInput,
  adminPrimary,
} from './parts';

type Unit = CourseUnit & { lessons: CourseLesson[] };

/**
 * The manage page's units and lessons, in course order: each unit with Move up / Move down, Rename and a confirmed delete,
 * its lessons with the same plus an edit form and Move to unit, a form to add a lesson at the end of the unit,
 * and one to add a unit at the end of the course. Every form posts to its own server action. Server component.
 */
export function UnitsSection({
  t,
  locale,
  courseId,
  units,
}: {
  t: CourseAdminT;
  locale: Locale;
  courseId: string;
  units: Unit[];
}) {
  const common = { locale, courseId };
  const lessonCount = units.reduce((n, u) => n + u.lessons.length, 0);
  const moveLabels = { up: t('moveUp'), down: t('moveDown') };
  const unitLabels = units.map((u, i) => ({
    id: u.id,
    label: `${t('unitNumber', { number: i + 1 })}: ${u.title}`,
  }));
  return (
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
                action={moveUnitAction}
                {...common}
                idName="unitId"
                id={unit.id}
                index={unitIndex}
                count={units.length}
                labels={moveLabels}
                itemTitle={unit.title}
              />
              <details>
                <summary className="inline-block cursor-pointer rounded-full border border-border px-4 py-1.5 text-sm font-semibold hover:bg-bg">
                  {t('renameUnit')}
                  <span className="sr-only">: {unit.title}</span>
                </summary>
                <ManageForm
                  action={updateUnitAction}
                  {...common}
                  hidden={{ unitId: unit.id }}
                  className="mt-3 flex flex-wrap items-end gap-3"
                >
                  <div className="grow">
                    <label htmlFor={`unit-title-${unit.id}`} className="block font-medium">
                      {t('unitRenameLabel')}
                    </label>
                    <input
                      id={`unit-title-${unit.id}`}
                      name="title"
                      required
                      maxLength={COURSE_TITLE_MAX}
                      defaultValue={unit.title}
                      className={adminInput}
                    />
                  </div>
                  <button type="submit" className={adminPrimary}>
                    {t('saveUnit')}
                  </button>
                </ManageForm>
              </details>
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
                  <ManageForm action={deleteUnitAction} {...common} hidden={{ unitId: unit.id }}>
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
                      action={moveLessonAction}
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
                        action={updateLessonAction}
                        {...common}
                        hidden={{ lessonId: lesson.id }}
                        className="mt-3 space-y-4"
                      >
                        <LessonFields prefix={`edit-${lesson.id}`} t={t} values={lesson} />
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
                          action={deleteLessonAction}
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
                    labels={{ select: t('moveToUnitLabel'), submit: t('moveToUnit') }}
                  />
                </li>
              ))}
            </ol>
            <details>
              <summary className="cursor-pointer font-semibold text-brand">
                {t('addLessonSummary', { unit: unit.title })}
              </summary>
              <ManageForm
                action={addLessonAction}
                {...common}
                hidden={{ unitId: unit.id }}
                className="mt-3 space-y-4"
              >
                <LessonFields prefix={`new-${unit.id}`} t={t} />
                <button type="submit" className={adminPrimary}>
                  {t('addLesson')}
                </button>
              </ManageForm>
            </details>
          </li>
        ))}
      </ol>
      <ManageForm action={addUnitAction} {...common} className="flex flex-wrap items-end gap-3">
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
  );
}
