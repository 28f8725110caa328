import 'server-only';

import { type CourseMaterial, type Database, insertMaterial, selectCourse, selectLesson } from '@/lib/db';
import { type MaterialStorage, materialStorage } from '@/lib/storage';

import { isUuid, database } from './internal';
import { checkMaterial, materialStoragePath } from './model';
import { CourseError } from './shared';

/** An uploaded file as the action received it (FormData File → `{ name, type, bytes }`). */
export interface UploadedFile {
  name: string;
  /** What the browser claimed; not trusted: the stored content type comes from the extension. */
  type?: string;
  bytes: Uint8Array;
}

/**
 * Stores a course material as `{timestamp}_{sanitised filename}` (docs/SPEC-NOTES.md §7) and records it, optionally attached to
 * a lesson of the same course. Allowed: pdf, doc, docx, ppt, pptx, jpg/jpeg, png, mp3, mp4, at most 20 MB
 * (`MATERIAL_MAX_BYTES`). The file is removed again if the database insert fails. Storage: `options.storage`,
 * default `materialStorage()` (locally `.data/uploads`, served at `/uploads/…`; on Supabase a client without a
 * session, whose writes Storage refuses, so route handlers pass `materialStorage(await supabaseClientForRequest())`).
 * @returns the material row and its public URL. @throws CourseError 'material-empty', 'material-too-large',
 * 'material-type', 'course-not-found', 'lesson-not-found', 'material-failed'.
 */
export async function saveMaterial(
  courseId: string,
  file: UploadedFile,
  lessonId?: string | null,
  options: { storage?: MaterialStorage; now?: () => number } = {},
  db?: Database,
): Promise<{ material: CourseMaterial; url: string }> {
  const check = checkMaterial(file.name, file.bytes.byteLength);
  if (!check.ok) throw new CourseError(check.code, check.detail);
  const conn = await database(db);
  const course = isUuid(courseId) ? await selectCourse(conn, courseId) : null;
  if (!course) throw new CourseError('course-not-found', 'course not found');
  if (lessonId) {
    const found = isUuid(lessonId) ? await selectLesson(conn, lessonId) : null;
    if (!found || found.courseId !== course.id) throw new CourseError('lesson-not-found', 'lesson not found');
  }
  const storage = options.storage ?? materialStorage();
  const now = options.now ?? Date.now;
  let storagePath = '';
  let url = '';
  for (let attempt = 0; ; attempt++) {
    // Two uploads of one name in the same millisecond: take the next millisecond.
    storagePath = materialStoragePath(check.filename, now() + attempt);
    try {
      url = await storage.put(storagePath, file.bytes, check.contentType);
      break;
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST' && attempt < 5) continue;
      throw new CourseError('material-failed', error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }
  try {
    const material = await insertMaterial(conn, {
      courseId: course.id,
      lessonId: lessonId || null,
      filename: check.filename,
      storagePath,
      contentType: check.contentType,
      sizeBytes: file.bytes.byteLength,
    });
    return { material, url };
  } catch (error) {
    await storage.remove(storagePath).catch(() => undefined);
    throw new CourseError('material-failed', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}
