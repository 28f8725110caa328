// GET /api/courses/{courseId}/students – a course's enrolled students as CSV (admins only).
import { z } from 'zod';

import { authKind } from '@/lib/auth';
import { exportCourseStudentsCsv } from '@/lib/back-office/exports';
import { route } from '@/lib/safe-action';

const courseId = z.uuid();

/**
 * Name, email, enrolment, progress, last activity and certificate of every student of the course, in a file named
 * after the course, headers in `?locale=` (the manage page's language; default English). 401 signed out, 403 not an admin, 503 the admin check failed, 422 a malformed course id, 404
 * an unknown course; else a `private, no-store` CSV attachment with formula-safe cells. The export is recorded in
 * the audit trail.
 */
export const GET = route<'admin', { courseId: string }>(
  async (request, { user, params }) => {
    const id = courseId.safeParse(params.courseId);
    if (!id.success) return Response.json({ error: 'invalid' }, { status: 422 });
    return exportCourseStudentsCsv(id.data, user, {
      supabase: authKind() === 'supabase',
      locale: new URL(request.url).searchParams.get('locale') ?? undefined,
    });
  },
  { guard: 'admin' },
);
