import { COURSE_TITLE_MAX } from '@/lib/courses/shared';

import { type CourseAdminT, adminInput } from './parts';

/**
 * A lesson's title, body and video URL fields (adding a lesson and editing one), with ids `{prefix}-title`,
 * `{prefix}-body` (and its hint) and `{prefix}-video`; `values` are the lesson's current ones when editing.
 * Server component.
 */
export function LessonFields({
  prefix,
  t,
  values,
}: {
  prefix: string;
  t: CourseAdminT;
  values?: { title: string; body: string; videoUrl: string | null };
}) {
  return (
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
}
