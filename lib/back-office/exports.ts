import 'server-only';

/**
 * The back office's CSV exports as typed functions: `(input, user, deps?) => Promise<Response>`, called by the
 * `route(…, { guard: 'staff' | 'admin' })` handlers of app/api/admin/** and app/api/courses/[courseId]/students
 * after the route checked the caller and parsed the query with the schemas re-exported here. Each leaves an
 * audit entry; the file is `private, no-store` with formula-safe cells (lib/back-office/csv.ts).
 */
export { exportVolunteersCsv } from './network';
export { exportSubscribersCsv } from './newsletter';
export { exportCourseStudentsCsv } from './courses';
export { exportInboxCsv, selectionIds } from './inbox';
export { parseInboxFilters } from '@/lib/enquiries';
export {
  exportQuery,
  subscriberExportSchema,
  subscriberFilterSchema,
  volunteerExportSchema,
  volunteerFilterSchema,
} from './filters';
export type { SubscriberExportInput, VolunteerExportInput } from './filters';
export { selectionMissing } from './network';
export { queryRecord } from './shared';
