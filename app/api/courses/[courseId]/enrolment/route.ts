import { getAuth } from '@/lib/auth';
import { isEnrolled } from '@/lib/courses';
import { route } from '@/lib/safe-action';

/** The per-visitor part of the course page, asked by its Enrol/Continue island; never cached. */
export type EnrolmentState = { signedIn: boolean; enrolled: boolean };

/**
 * GET `/api/courses/{courseId}/enrolment` → `{ signedIn, enrolled }` for this visitor (the course page itself is
 * the same for everyone and reads no cookies). Uses the cheap session read (`currentUser`); the enrol action
 * checks the session with the auth server before writing. A failure answers "signed out" rather than an error,
 * so the page still offers 'Sign in to enrol'. `private, no-store` (the route wrapper).
 */
export const GET = route<'public', { courseId: string }>(async (_request, { params: { courseId } }) => {
  let state: EnrolmentState = { signedIn: false, enrolled: false };
  try {
    const user = await (await getAuth()).currentUser();
    if (user) state = { signedIn: true, enrolled: await isEnrolled(user.id, courseId) };
  } catch (error) {
    console.error('[courses] enrolment state failed:', error instanceof Error ? error.message : error);
  }
  return Response.json(state);
});
