import 'server-only';

import {
  type CourseCertificate,
  type Database,
  findCertificateById,
  findProgress,
  insertCertificateOnce,
  selectCourseLessons,
} from '@/lib/db';

import { isUuid, database, readOr, requireUserId, publishedCourseOrEnrolledDraft } from './internal';
import { progressPercent } from './model';
import { CourseError } from './shared';

/**
 * Certificates of completion (docs/SPEC-NOTES.md §3): issued once a student's progress reaches 100% (learning.ts issues
 * them on the last lesson), read back for `/verify/{id}` and drawn as a PDF (certificate-pdf.ts).
 */

/**
 * Issues (or returns) the certificate of a student whose progress is 100% — for a student who finished before a
 * name was known. @throws CourseError 'not-complete' below 100%, plus `completeLesson`'s errors.
 */
export async function issueCertificate(
  userId: string,
  courseId: string,
  options: { studentName: string },
  db?: Database,
): Promise<CourseCertificate> {
  requireUserId(userId);
  const conn = await database(db);
  const course = await publishedCourseOrEnrolledDraft(conn, userId, courseId);
  const progress = await findProgress(conn, userId, course.id);
  const lessonIds = (await selectCourseLessons(conn, course.id)).map((l) => l.id);
  const name = options.studentName.trim();
  if (!progress || progressPercent(progress.completedLessons, lessonIds) < 100 || !name) {
    throw new CourseError('not-complete', 'the course is not complete yet');
  }
  const { certificate } = await insertCertificateOnce(conn, {
    userId,
    courseId: course.id,
    studentName: name,
    courseTitle: course.title,
    certificateTitle: course.certificationTitle,
    certificateDescription: course.certificationDescription,
  });
  return certificate;
}

/** A certificate by its public id (for `/verify/{id}` and the PDF). Null when unknown, not a uuid, or on failure. */
export async function getCertificate(id: string, db?: Database): Promise<CourseCertificate | null> {
  if (!isUuid(id)) return null;
  return readOr(null, 'reading a certificate', async () => findCertificateById(await database(db), id));
}

/**
 * The certificate as a PDF (./certificate-pdf.ts: A4 landscape, QR code of the verification URL; throws as that
 * module says). Loaded on first use, so pdfkit, the QR encoder and the fonts stay out of every other importer of
 * this module's entry and load only when somebody downloads a certificate.
 */
export async function renderCertificatePdf(
  ...args: Parameters<typeof import('./certificate-pdf').renderCertificatePdf>
): Promise<Buffer> {
  const { renderCertificatePdf: render } = await import('./certificate-pdf');
  return render(...args);
}
