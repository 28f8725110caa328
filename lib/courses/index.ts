import 'server-only';

/**
 * The course platform (issue 7): courses with ordered units and lessons, materials, enrolment, progress and
 * certificates, over the site database (`getDb()`; every function takes an optional `db` or transaction, for
 * tests). The public server API: pages and route handlers import from here; islands call lib/courses/actions.ts;
 * browser code and shared constants come from lib/courses/shared.ts.
 *
 * - catalog.ts: published and all courses, outlines, materials (students' lists too), the back office's course
 *   list, and the cached reads of the public pages;
 * - learning.ts: enrolment and un-enrolment, progress, the lesson to resume, the dashboard;
 * - certificates.ts (+ certificate-pdf.ts): issuing, reading and drawing certificates;
 * - authoring.ts: courses, units and lessons (typed input, parsed once by the admin operations);
 * - materials.ts: storing, replacing and deleting a material (content checked by its first bytes; the storages are
 *   lib/storage's);
 * - admin.ts: the admin operations (input schema and work) behind the actions and the materials route handler,
 *   each write with its audit entry (`course.*`) in its transaction;
 * - seed.ts: the demo courses, run by instrumentation.ts when the database opens.
 *
 * **No authorisation in the data functions.** They trust their caller: pages use `requireUser()` /
 * `requireAdmin()` and actions or route handlers `checkUser()` / `checkAdmin()` from `@/lib/auth` first, then pass
 * the signed-in user's id. Rules of the data itself (free vs priced enrolment, published courses only, lessons of
 * the right course) are enforced here.
 *
 * Errors: reads return [] or null on a database failure (docs/SPEC-NOTES.md §8: "List and fetch failures return an
 * empty list or nothing rather than raising"), logged to the server log. Writes throw `CourseError` (a `code` and
 * the spec's text as `message`). Positions of units and lessons are dense from 0 and kept so by every write.
 */
export type {
  Course,
  CourseCertificate,
  CourseEnrollment,
  CourseLesson,
  CourseMaterial,
  CourseUnit,
  UserCourseProgress,
} from '@/lib/db';
export { DEFAULT_CERTIFICATION_DESCRIPTION, DEFAULT_CERTIFICATION_TITLE } from '@/lib/db';
export * from './schema';
export { CourseError, isCourseError, COURSE_ERROR_PREFIX, type CourseErrorCode } from './shared';
export type { CourseListRow } from '@/lib/db';
export {
  type CourseDetail,
  type CourseListFilter,
  type CourseOutline,
  type CourseSummary,
  courseDetailForAdmin,
  getCourse,
  getCourseOutline,
  listAllCourses,
  listCoursesForBackOffice,
  listMaterials,
  listPublishedCourses,
  publishedCourse,
  publishedCourses,
  studentMaterials,
} from './catalog';
export {
  type LessonProgress,
  type MyCourse,
  adminEnrol,
  completeLesson,
  courseStudents,
  enrol,
  getProgress,
  isEnrolled,
  myCourses,
  resumeLesson,
  unenrol,
  visitLesson,
} from './learning';
export { getCertificate, issueCertificate, renderCertificatePdf } from './certificates';
// The admin operations: the materials upload route runs `adminOps.upload` (the manage page's actions are in ./actions.ts).
export { type AdminDeps, type AdminOp, adminOps, attemptAdmin } from './admin';
export {
  TEST_COURSE_PRICE,
  addLesson,
  addUnit,
  createCourse,
  createTestCourse,
  deleteLesson,
  deleteUnit,
  moveLesson,
  moveLessonToUnit,
  moveUnit,
  setPublished,
  updateCourse,
  updateLesson,
  updateUnit,
} from './authoring';
export {
  type MaterialOptions,
  type UploadedFile,
  deleteMaterial,
  replaceMaterial,
  saveMaterial,
} from './materials';
export { type SeedResult, seedDemoCourses, seedOnDatabaseOpen } from './seed';
