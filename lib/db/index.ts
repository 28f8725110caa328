import 'server-only';

/**
 * The database's public entry point (docs/ARCHITECTURE.md §2, §5). Everything outside lib/db imports from here:
 * `const db = await getDb(); await insertEnquiry(db, …)`. Several writes that must succeed together go through
 * `db.transaction(async (tx) => { … })`; every query function accepts the transaction in place of `db`.
 */
export { closeDb, getDb, onDatabaseOpen, openDatabase } from './client';
export type {
  Database,
  DatabaseDriver,
  DatabaseHandle,
  DatabaseOpenHook,
  DatabaseOpened,
  OpenDatabaseOptions,
} from './client';

export {
  AUTH_EMAIL_KIND,
  AUTH_EMAIL_RETENTION_SECONDS,
  consumeEmailToken,
  deleteLocalSession,
  deleteUserSessions,
  findLocalUserByEmail,
  findLocalUserById,
  findSession,
  findSessionUser,
  findSupabaseUserId,
  grantRole,
  hasRole,
  insertEmailToken,
  insertLocalSession,
  insertLocalUser,
  queueAuthEmail,
  touchLocalSession,
  updateLocalUser,
  voidEmailTokens,
} from './queries/auth';
export type { FoundSession } from './queries/auth';
export {
  deleteEnrolmentRow,
  deleteLessonRow,
  deleteMaterialRow,
  deleteUnitRow,
  findCertificateById,
  findEnrolment,
  findProgress,
  insertCertificateOnce,
  insertCourse,
  insertCourseIfAbsent,
  insertEnrolment,
  insertLesson,
  insertMaterial,
  insertUnit,
  selectCourse,
  selectCourseLessons,
  selectCourses,
  selectEnrolledCourses,
  selectCourseList,
  selectLesson,
  selectMaterial,
  selectMaterialCourse,
  selectMaterials,
  selectUnit,
  selectUnitLessons,
  selectUnits,
  setProgressPercent,
  touchCourse,
  updateCourseRow,
  updateLessonRow,
  updateMaterialRow,
  updateUnitRow,
  upsertProgressLesson,
} from './queries/courses';
export type { CourseChange, CourseListRow, EnrolledCourseRow, NewCourse } from './queries/courses';
export {
  DEFAULT_CERTIFICATION_DESCRIPTION,
  DEFAULT_CERTIFICATION_TITLE,
  EXPERIENCE_LEVELS,
  SUBSCRIBER_STATUSES,
  VOLUNTEER_STATUSES,
} from './schema';
export {
  BACK_OFFICE_ROW_LIMIT,
  EXPORT_PAGE_SIZE,
  GIVEN_UP_BY_ADMIN_KEY,
  countSubscribers,
  countVolunteers,
  deliveryKinds,
  giveUpDelivery,
  listCourseStudents,
  listDeliveries,
  listSubscribers,
  listVolunteers,
  retryDelivery,
  setVolunteerStatus,
  setVolunteerStatuses,
  subscriberPages,
  volunteerFacets,
  volunteerPages,
} from './queries/back-office';
export type {
  CourseStudentRow,
  DeliveryConcerns,
  DeliveryFilter,
  DeliveryItem,
  DeliveryRow,
  SubscriberFilter,
  VolunteerFilter,
  VolunteerStatus,
} from './queries/back-office';
export {
  countEnquiriesWithStatus,
  countUnreadEnquiries,
  insertEnquiry,
  insertEnquiryOnce,
  recordEnquiryForward,
} from './queries/enquiries';
export type { NewEnquiry } from './queries/enquiries';
export {
  INBOX_EXPORT_PAGE,
  findEnquiry,
  findEnquiryDetail,
  findEnquiryNote,
  inboxExportPages,
  insertEnquiryNote,
  insertInboundNote,
  listInbox,
  markEnquiryRead,
  setNoteOutbox,
  updateEnquiryHandling,
} from './queries/inbox';
export type { EnquiryDetail, InboxFilter, InboxPage, InboxQuery, InboxRow } from './queries/inbox';
export { latestHomepageContent } from './queries/homepage';
export {
  NEWSLETTER_CONFIRM_KIND,
  activateNewsletterSubscriber,
  confirmationQueuedSince,
  findNewsletterSubscriber,
  findNewsletterSubscriberById,
  latestConfirmationPayload,
  recordNewsletterSync,
  unsubscribeNewsletterSubscriber,
  upsertNewsletterSubscriber,
} from './queries/newsletter';
export type { NewsletterSignup } from './queries/newsletter';
export {
  DEFAULT_LEASE_SECONDS,
  DEFAULT_MAX_ATTEMPTS,
  MAX_RETRY_DELAY_SECONDS,
  SEALED_PAYLOAD_KEY,
  claimDueOutbox,
  claimUntriedOutboxItem,
  deleteOutboxItem,
  enqueueOutbox,
  failedOutboxSince,
  latestOutboxAt,
  markOutbox,
  purgeOutbox,
  recordOutboxEvent,
  retryDelaySeconds,
  retryWindowSeconds,
} from './queries/outbox';
export type { ClaimOptions, NewOutboxItem } from './queries/outbox';
export {
  DATA_RIGHTS_REQUEST_ACTION,
  DATA_RIGHTS_REQUEST_CLOSE_ACTION,
  PERSONAL_TABLES,
  PURGEABLE_ENQUIRY_STATUSES,
  RETENTION_ACTOR,
  RETENTION_AUDIT_ACTION,
  erasePersonalData,
  findLocalUserId,
  findOpenDataRightsRequest,
  purgeExpiredPersonalData,
  selectDataRightsRequests,
  selectPersonalData,
  selectRoleNames,
  vacuumPersonalTables,
} from './queries/personal-data';
export type {
  DataRightsRequestRow,
  ErasedCounts,
  PersonKeys,
  PersonalDataRows,
  PersonalTable,
  RetentionCutoffs,
  RetentionPurge,
} from './queries/personal-data';
export { PERSON_KINDS, findPersonEmail, searchPeople, selectCourseTitles } from './queries/person';
export type { PersonHit, PersonKind } from './queries/person';
export {
  countAdminRoles,
  findBackOfficeRole,
  findConfirmedAccountIds,
  listBackOfficeMembers,
  listRoleHolders,
  recordAudit,
  setBackOfficeRole,
} from './queries/roles';
export type { AuditEntryInput, BackOfficeMember, RoleHolder } from './queries/roles';
export { listAudit, listAuditActions } from './queries/audit';
export { pingDatabase } from './queries/health';
export type { AuditPage, AuditQuery } from './queries/audit';
export {
  REQUEST_KEY_RETENTION_SECONDS,
  claimRequestKey,
  pruneRequestKeys,
  releaseRequestKey,
  settleRequestKey,
} from './queries/requests';
export type { RequestClaim } from './queries/requests';
export { BACK_OFFICE_ROLES, ENQUIRY_NOTE_KINDS, ENQUIRY_STATUSES } from './schema';
export type { BackOfficeRole, EnquiryStatus } from './schema';
export { normaliseEmail } from './queries/side-effects';
export type { SideEffectOutcome } from './queries/side-effects';
export { findVolunteer, insertVolunteer } from './queries/volunteers';
export type { NewVolunteer } from './queries/volunteers';
export type {
  AdminAuditEntry,
  Course,
  CourseCertificate,
  CourseEnrollment,
  CourseLesson,
  CourseMaterial,
  CourseUnit,
  Enquiry,
  EnquiryNote,
  HomepageContent,
  LocalUser,
  NewsletterSubscriber,
  OutboxItem,
  UserCourseProgress,
  UserRole,
  Volunteer,
} from './schema';
