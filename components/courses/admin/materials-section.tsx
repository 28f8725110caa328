import type { Locale } from '@/i18n/routing';
import type { CourseLesson, CourseMaterial, CourseUnit } from '@/lib/courses';
import { deleteMaterialAction } from '@/lib/courses/actions';
import { MATERIAL_ACCEPT } from '@/lib/courses/shared';

import {
  type CourseAdminT,
  ConfirmDelete,
  ManageForm,
  adminInput,
  adminPrimary,
  adminSecondary,
} from './parts';

/** The upload route's address for a form without JavaScript: it comes back to this page (`redirect=1`). */
const uploadAction = (locale: Locale, courseId: string) =>
  `/api/courses/materials?${new URLSearchParams({ redirect: '1', locale, courseId })}`;

/**
 * The manage page's materials: the course's files with their sizes and what they belong to (the whole course or
 * one lesson), each with Replace (a new file for the same entry: multipart to /api/courses/materials with its
 * `materialId`) and a confirmed Delete (the `deleteMaterialAction`), then the upload form, which posts multipart
 * to /api/courses/materials (so it works without JavaScript) and comes back with `?done=upload` or `?error=`.
 * Server component.
 */
export function MaterialsSection({
  t,
  locale,
  courseId,
  units,
  materials,
}: {
  t: CourseAdminT;
  locale: Locale;
  courseId: string;
  units: (CourseUnit & { lessons: CourseLesson[] })[];
  materials: (CourseMaterial & { url: string })[];
}) {
  const lessonLabels = new Map(
    units.flatMap((unit) =>
      unit.lessons.map((lesson) => [lesson.id, `${unit.title}: ${lesson.title}`] as const),
    ),
  );
  return (
    <section id="materials" aria-labelledby="materials-heading" className="scroll-mt-24 space-y-6">
      <h2 id="materials-heading" className="text-2xl font-bold">
        {t('materialsHeading')}
      </h2>
      {materials.length === 0 ? (
        <p>{t('noMaterials')}</p>
      ) : (
        <ul className="space-y-3" data-testid="manage-materials">
          {materials.map((m) => (
            <li key={m.id} className="space-y-2 rounded-lg bg-surface p-3">
              <p>
                <a href={m.url} className="font-medium break-words text-brand underline underline-offset-4">
                  {m.filename}
                </a>{' '}
                <span className="text-sm text-muted">
                  ({t('materialSize', { size: (m.sizeBytes / 1048576).toFixed(2) })})
                </span>
                <span className="block text-sm text-muted">
                  {t('materialFor', {
                    target: (m.lessonId && lessonLabels.get(m.lessonId)) || t('materialWholeCourse'),
                  })}
                </span>
              </p>
              <div className="flex flex-wrap items-start gap-2">
                <details>
                  <summary className={`${adminSecondary} inline-block cursor-pointer list-none`}>
                    {t('replaceMaterial')}
                    <span className="sr-only">: {m.filename}</span>
                  </summary>
                  <form
                    method="post"
                    encType="multipart/form-data"
                    action={uploadAction(locale, courseId)}
                    className="mt-2 flex flex-wrap items-end gap-3"
                  >
                    <input type="hidden" name="courseId" value={courseId} />
                    <input type="hidden" name="materialId" value={m.id} />
                    <input type="hidden" name="locale" value={locale} />
                    <input type="hidden" name="redirect" value="1" />
                    <div>
                      <label htmlFor={`replace-${m.id}`} className="block text-sm font-medium">
                        {t('replaceFileLabel', { name: m.filename })}
                      </label>
                      <input
                        id={`replace-${m.id}`}
                        name="file"
                        type="file"
                        required
                        accept={MATERIAL_ACCEPT}
                        className="mt-1 block"
                      />
                    </div>
                    <button type="submit" className={adminPrimary}>
                      {t('replace')}
                    </button>
                  </form>
                </details>
                <ConfirmDelete
                  summary={
                    <>
                      {t('deleteMaterial')}
                      <span className="sr-only">: {m.filename}</span>
                    </>
                  }
                  warning={t('deleteMaterialWarning', { name: m.filename })}
                  confirm={t('deleteMaterialConfirm')}
                >
                  {(button) => (
                    <ManageForm
                      action={deleteMaterialAction}
                      locale={locale}
                      courseId={courseId}
                      hidden={{ materialId: m.id }}
                    >
                      {button}
                    </ManageForm>
                  )}
                </ConfirmDelete>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        method="post"
        encType="multipart/form-data"
        action={uploadAction(locale, courseId)}
        className="space-y-4"
      >
        <input type="hidden" name="courseId" value={courseId} />
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
  );
}
