import 'server-only';

import { getDb, listCourseStudents } from '@/lib/db';

import { csvResponse, toCsv } from './csv';
import { type Actor, type BackOfficeDeps, audit } from './op';

/** The course wing's part of the back office: the enrolled students' CSV (re-exported by exports.ts). */

export const STUDENT_CSV_HEADER = [
  'user_id',
  'name',
  'email',
  'enrolled_at',
  'enrolment_status',
  'progress_percent',
  'completed_lessons',
  'last_activity',
  'certificate_id',
  'certificate_issued_at',
] as const;

/** A course's students (`courseId` a UUID the route checked) as a CSV download, recorded in the audit trail. */
export async function exportCourseStudentsCsv(
  courseId: string,
  user: Actor,
  deps: BackOfficeDeps = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const rows = await listCourseStudents(db, courseId, { supabase: deps.supabase });
  await audit(db, user, 'course.students.export', courseId, { rows: rows.length });
  const csv = toCsv(
    STUDENT_CSV_HEADER,
    rows.map((s) => [
      s.userId,
      s.name,
      s.email,
      s.enrolledAt,
      s.status,
      s.progress,
      s.completedLessons,
      s.lastActivity,
      s.certificateId,
      s.certificateIssuedAt,
    ]),
  );
  return csvResponse('course-students', csv);
}
