import 'server-only';

import { countUnreadEnquiries, getDb } from '@/lib/db';

/**
 * The back office (docs/ARCHITECTURE.md §5 "Back office"), shaped like lib/courses: the server reads of the admin
 * pages (here), the staff operations (ops.ts: `{ schema, run(input, user, deps) }`), one server action per verb
 * (actions.ts, through lib/safe-action.ts `action`), the CSV exports the `route()` handlers call (exports.ts) and
 * the client-safe constants (shared.ts). Pages under app/[locale]/admin read only through this entry, never
 * `@/lib/db`.
 *
 * Areas (each its own file, re-exported here, by ops.ts and by exports.ts):
 * - inbox.ts: the inbox list and one enquiry; status/assignee, note, reply;
 * - network.ts: registrations, their filters' choices, status, CSV;
 * - newsletter.ts: subscribers, unsubscribe, resync, CSV;
 * - outbox.ts: deliveries, retry, give up;
 * - staff.ts: role holders, role changes;
 * - courses.ts: a course's students CSV;
 * - logs.ts: the process's screening, webhook and error records;
 * - people.ts: one person's record, the people search, the data-rights request log;
 * - filters.ts: the lists' GET filters (lenient parsers and strict schemas); requests.ts: single-use form keys;
 *   op.ts: the operation type, audit entries; labels.ts and csv.ts: data labels and CSV text.
 *
 * No authorisation here: pages call `requireStaff` (lib/auth) first, actions and routes go through the pipeline.
 * Reads throw on a database error (the page's error boundary shows it).
 */
export { adminMetadata } from './metadata';
export { parseInboxQuery, parseLogsFilter, parseSubscriberFilter, parseVolunteerFilter } from './filters';
export type { LogsFilter, SubscriberFilterInput, VolunteerFilterInput } from './filters';
export { parseDeliveryFilter } from './filters';
export type { DeliveryFilterInput } from './filters';
export { getLabels, labelList } from './labels';
export type { LabelKind, Labeler } from './labels';
export { BULK_CHANGES, enquiryPage, inboxPage } from './inbox';
export { INBOX_QUERY_MAX, type ParsedInboxQuery, inboxSearch, parseInboxFilters } from '@/lib/enquiries';
export { networkPage } from './network';
export { subscribersPage } from './newsletter';
export { DELIVERY_EXCLUDED_KINDS, deliveriesPage } from './outbox';
export { staffPage } from './staff';
export type { BackOfficeMember } from './staff';
export { AUDIT_PAGE_SIZE, auditPage, auditRow, auditTargetHref } from './audit';
export type { AuditRow } from './audit';
export { parseAuditQuery, parseStaffSearch } from './filters';
export type { AuditFilter } from './filters';
export { logsPage } from './logs';
export { dataRightsRequestsPage, peopleSearch, personPage } from './people';
export type { DataRightsRequest, PersonHit, PersonRecord } from './people';
export type { CourseStudentRow, DeliveryRow, InboxQuery, RoleHolder } from '@/lib/db';
export * from './shared';
// The course wing (lib/courses): every course, drafts included, for /admin/courses.
export { type CourseListRow, listCoursesForBackOffice as backOfficeCourses } from '@/lib/courses';
export { courseListFilter } from '@/lib/courses/shared';

/**
 * How many enquiries nobody has opened since they arrived or were answered by email (`read_at` null), for the
 * navigation's badge; 0 when the count fails, so a failing count never takes the back office down.
 */
export async function unreadEnquiries(): Promise<number> {
  return countUnreadEnquiries(await getDb()).catch(() => 0);
}
