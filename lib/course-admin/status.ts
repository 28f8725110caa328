import type { AdminErrorCode } from './handlers';
import { MANAGE_OPS, type ManageOp } from './manage-form';

/** CourseAdmin message keys the manage and test pages show after a change. */
export type StatusKey =
  | `done${Capitalize<ManageOp>}`
  | 'doneUpload'
  | 'failUnauthenticated'
  | 'failForbidden'
  | 'failInvalid'
  | 'failNotFound'
  | 'failOtherCourse'
  | 'failNoSuchStudent'
  | 'failRateLimited'
  | 'failTooLarge'
  | 'failBadType'
  | 'failEmpty'
  | 'failServer';

/** A failed admin action's code → its CourseAdmin message key (the manage page, the test page, the create form). */
export const FAILURE_KEYS: Record<AdminErrorCode, StatusKey> = {
  unauthenticated: 'failUnauthenticated',
  forbidden: 'failForbidden',
  // The admin check itself failed (database error): a server-side failure to the person; try again.
  'check-failed': 'failServer',
  invalid: 'failInvalid',
  'not-found': 'failNotFound',
  'other-course': 'failOtherCourse',
  'no-such-student': 'failNoSuchStudent',
  'rate-limited': 'failRateLimited',
  'too-large': 'failTooLarge',
  'bad-type': 'failBadType',
  empty: 'failEmpty',
  server: 'failServer',
};

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The message for `?done={op}` or `?error={code}` after a manage-page form (pure). Unknown values show nothing
 * (a crafted URL cannot put arbitrary text on the page).
 */
export function manageStatus(
  query: Record<string, string | string[] | undefined>,
): { ok: boolean; key: StatusKey } | null {
  const done = first(query.done);
  if (done === 'upload') return { ok: true, key: 'doneUpload' };
  if (done && (MANAGE_OPS as readonly string[]).includes(done)) {
    return { ok: true, key: `done${done[0]!.toUpperCase()}${done.slice(1)}` as StatusKey };
  }
  const error = first(query.error);
  if (error && Object.hasOwn(FAILURE_KEYS, error))
    return { ok: false, key: FAILURE_KEYS[error as AdminErrorCode] };
  return null;
}
