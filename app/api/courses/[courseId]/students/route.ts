// GET /api/courses/{courseId}/students – a course's enrolled students as CSV (admins only).
import { authKind } from '@/lib/auth';
import { exportCourseStudentsCsv } from '@/lib/back-office/handlers';
import { route } from '@/lib/safe-action';

/**
 * Name, email, enrolment, progress, last activity and certificate of every student of the course. 401 signed
 * out, 403 not an admin, 503 the admin check failed, 422 a malformed course id; else a `private, no-store` CSV
 * attachment with formula-safe cells. The export is recorded in the audit trail.
 */
export const GET = route<'admin', { courseId: string }>(
  (_request, { user, params }) =>
    exportCourseStudentsCsv({ ok: true, user }, params.courseId, { supabase: authKind() === 'supabase' }),
  { guard: 'admin' },
);
