import 'server-only';

import { namespaceTranslator } from '@/i18n/messages';
import { getCourse } from '@/lib/courses';
import { getDb, listCourseStudents } from '@/lib/db';

import { csvResponse, timeHeader, toCsv } from './csv';
import { type Actor, type BackOfficeDeps, audit } from './op';

/**
 * The course wing's part of the back office: a course's enrolled students as a CSV (re-exported by exports.ts),
 * in a file named after the course (back-office review D13: `course-students-<course title>-<date>.csv`), with
 * headers in the admin's language, times in UK time.
 */

/**
 * A course's students (`courseId` a UUID the route checked; drafts too) as a CSV download, recorded in the audit
 * trail ('course.students.export', the row count). `locale` chooses the headers' language (messages
 * BackOffice.csv.students). @returns 404 `{ error: 'not-found' }` for an unknown course, else the file
 * (`private, no-store`).
 */
export async function exportCourseStudentsCsv(
  courseId: string,
  user: Actor,
  deps: BackOfficeDeps & { locale?: string } = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const course = await getCourse(courseId, { includeDrafts: true }, db);
  if (!course) return Response.json({ error: 'not-found' }, { status: 404 });
  const locale = deps.locale ?? 'en';
  const [h, zone] = await Promise.all([
    namespaceTranslator(locale, 'BackOffice.csv.students'),
    namespaceTranslator(locale, 'BackOffice.csv').then((t) => t('ukTime')),
  ]);
  const rows = await listCourseStudents(db, courseId, { supabase: deps.supabase });
  await audit(db, user, 'course.students.export', courseId, { rows: rows.length });
  const csv = toCsv(
    [
      h('name'),
      h('email'),
      timeHeader(h('enrolled'), zone),
      h('status'),
      h('progress'),
      h('lessons'),
      timeHeader(h('lastActivity'), zone),
      h('certificate'),
      timeHeader(h('certificateIssued'), zone),
      h('reference'),
    ],
    rows.map((s) => [
      s.name,
      s.email,
      s.enrolledAt,
      s.status === 'active' ? h('statusActive') : s.status,
      s.progress,
      s.completedLessons,
      s.lastActivity,
      s.certificateId,
      s.certificateIssuedAt,
      s.userId,
    ]),
  );
  return csvResponse(`course-students-${course.title}`, csv);
}
