import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { CourseStudentRow } from '@/lib/back-office';

import { ButtonLink } from '@/components/ui/button-link';
import { ScrollTable, Td, Th } from '@/components/ui/table';
import { formatWhen } from '@/lib/back-office/shared';

/**
 * The enrolled students of a course on its manage page (issue 17 item 8; the page is admins only): name and email,
 * enrolment date, progress, last activity, certificate (linked to its public verification page), and the CSV
 * export (GET /api/courses/{courseId}/students, admins only). Server component; `t` is the page's translator of
 * messages `AdminLists.students`.
 */
export function CourseStudents({
  locale,
  courseId,
  students,
  t,
}: {
  locale: Locale;
  courseId: string;
  students: CourseStudentRow[];
  t: (key: string, values?: Record<string, string | number>) => string;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 id="enrolled-heading" className="text-xl font-semibold">
          {t('heading', { count: students.length })}
        </h3>
        {students.length > 0 ? (
          <ButtonLink href={`/api/courses/${courseId}/students?locale=${locale}`} external download size="sm">
            {t('exportCsv')}
          </ButtonLink>
        ) : null}
      </div>
      {students.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ScrollTable
          caption={t('caption')}
          wide
          columns={[
            t('colStudent'),
            t('colEnrolled'),
            t('colProgress'),
            t('colLastActivity'),
            t('colCertificate'),
          ]}
        >
          {students.map((s) => (
            <tr key={s.userId}>
              <Th scope="row">
                {s.name ?? t('unknownName')}
                <span className="block font-normal text-muted">{s.email ?? t('unknownEmail')}</span>
              </Th>
              <Td>{formatWhen(s.enrolledAt, locale)}</Td>
              <Td>{t('progress', { percent: s.progress, lessons: s.completedLessons })}</Td>
              <Td>{formatWhen(s.lastActivity, locale, t('never'))}</Td>
              <Td>
                {s.certificateId ? (
                  <Link
                    href={`/verify/${s.certificateId}`}
                    className="text-brand underline underline-offset-4"
                  >
                    {t('certificateIssued', { date: formatWhen(s.certificateIssuedAt, locale) })}
                  </Link>
                ) : (
                  t('noCertificate')
                )}
              </Td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}
