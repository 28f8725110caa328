import { CourseStudents } from '@/components/back-office/course-students';
import type { Locale } from '@/i18n/routing';
import { enrolStudentAction, unenrolStudentAction } from '@/lib/courses/actions';
import type { CourseStudentRow } from '@/lib/db';

import { type CourseAdminT, ConfirmDelete, ManageForm, adminInput, adminPrimary } from './parts';

/**
 * The manage page's students: enrol a student by email (for priced courses: payments are not taken online), then
 * the enrolled students with their progress, last activity and certificate, and their CSV export, then Remove a
 * student: one confirmed button per student (the enrolment goes; progress and certificate stay). `tStudents`
 * translates the `AdminLists.students` messages. Server component.
 */
export function StudentsSection({
  t,
  tStudents,
  locale,
  courseId,
  students,
}: {
  t: CourseAdminT;
  tStudents: (key: string, values?: Record<string, string | number>) => string;
  locale: Locale;
  courseId: string;
  students: CourseStudentRow[];
}) {
  return (
    <section id="students" aria-labelledby="students-heading" className="scroll-mt-24 space-y-6">
      <h2 id="students-heading" className="text-2xl font-bold">
        {t('studentsHeading')}
      </h2>
      <p id="students-intro">{t('studentsIntro')}</p>
      <ManageForm
        action={enrolStudentAction}
        locale={locale}
        courseId={courseId}
        className="flex flex-wrap items-end gap-3"
      >
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
      <CourseStudents locale={locale} courseId={courseId} students={students} t={tStudents} />
      {students.length > 0 ? (
        <div className="space-y-3" data-testid="unenrol">
          <h3 id="unenrol-heading" className="text-xl font-semibold">
            {t('unenrolHeading')}
          </h3>
          <p className="text-muted">{t('unenrolIntro')}</p>
          <ul className="space-y-2">
            {students.map((s) => {
              const name = s.name ?? s.email ?? s.userId;
              return (
                <li key={s.userId}>
                  <ConfirmDelete
                    summary={t('unenrol', { name })}
                    warning={t('unenrolWarning', { name })}
                    confirm={t('unenrolConfirm')}
                  >
                    {(button) => (
                      <ManageForm
                        action={unenrolStudentAction}
                        locale={locale}
                        courseId={courseId}
                        hidden={{ userId: s.userId }}
                      >
                        {button}
                      </ManageForm>
                    )}
                  </ConfirmDelete>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
