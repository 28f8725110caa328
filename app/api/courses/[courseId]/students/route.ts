// GET /api/courses/{courseId}/students – a course's enrolled students as CSV (admins only).
import { authKind, checkAdmin } from '@/lib/auth';
import { exportCourseStudentsCsv } from '@/lib/back-office/handlers';

/**
 * Name, email, enrolment, progress, last activity and certificate of every student of the course. 401 signed
 * out, 403 not an admin, 503 the admin check failed, 422 a malformed course id; else a `private, no-store` CSV
 * attachment with formula-safe cells. The export is recorded in the audit trail.
 */
export async function GET(_request: Request, { params }: RouteContext<'/api/courses/[courseId]/students'>) {
  const { courseId } = await params;
  return exportCourseStudentsCsv(await checkAdmin(), courseId, { supabase: authKind() === 'supabase' });
}
