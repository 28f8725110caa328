import { getAuth, isAdmin } from '@/lib/auth';
import { isEnrolled, studentMaterials } from '@/lib/courses';
import { route } from '@/lib/safe-action';

import type { CourseVisitor } from '@/components/courses/course-visitor';

/** The per-visitor part of the course page, asked by its islands; never cached. */
export type EnrolmentState = CourseVisitor;

/**
 * GET `/api/courses/{courseId}/enrolment` → `{ signedIn, enrolled, admin, materials }` for this visitor (the
 * course page itself is the same for everyone and reads no cookies): whether they are signed in, enrolled
 * (active), an admin (for the 'Manage' link), and for an enrolled student or an admin the course-wide materials
 * (name, kind, size, `/uploads` address; lesson materials are on the lesson page). Uses the cheap session read
 * (`currentUser`); the enrol action and `/uploads` check the session with the auth server before acting. A
 * failure answers "signed out" rather than an error, so the page still offers 'Sign in to enrol'.
 * `private, no-store` (the route wrapper).
 */
export const GET = route<'public', { courseId: string }>(async (_request, { params: { courseId } }) => {
  let state: EnrolmentState = { signedIn: false, enrolled: false, admin: false, materials: [] };
  try {
    const user = await (await getAuth()).currentUser();
    if (user) {
      const [enrolled, admin] = await Promise.all([isEnrolled(user.id, courseId), isAdmin(user)]);
      const materials =
        enrolled || admin ? (await studentMaterials(courseId)).filter((m) => m.lessonId === null) : [];
      state = { signedIn: true, enrolled, admin, materials };
    }
  } catch (error) {
    console.error('[courses] enrolment state failed:', error instanceof Error ? error.message : error);
  }
  return Response.json(state);
});
