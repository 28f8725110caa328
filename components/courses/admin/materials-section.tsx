import type { Locale } from '@/i18n/routing';
import type { CourseLesson, CourseMaterial, CourseUnit } from '@/lib/courses';
import { MATERIAL_ACCEPT } from '@/lib/courses/shared';

import { type CourseAdminT, adminInput, adminPrimary } from './parts';

/**
 * The manage page's materials: the course's files with their sizes, and the upload form, which posts
 * multipart to /api/courses/materials (so it works without JavaScript) and comes back with `?done=upload` or
 * `?error=`. A file belongs to the whole course or to one lesson. Server component.
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
  return (
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
        action={`/api/courses/materials?${new URLSearchParams({ redirect: '1', locale, courseId })}`}
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
