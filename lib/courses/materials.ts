import 'server-only';

import {
  type CourseMaterial,
  type Database,
  deleteMaterialRow,
  insertMaterial,
  selectCourse,
  selectLesson,
  selectMaterial,
  updateMaterialRow,
} from '@/lib/db';
import { type MaterialStorage, materialStorage } from '@/lib/storage';

import { isUuid, database } from './internal';
import { checkMaterial, materialContentMatches, materialStoragePath } from './model';
import { CourseError } from './shared';

/** An uploaded file as the action received it (FormData File → `{ name, type, bytes }`). */
export interface UploadedFile {
  name: string;
  /** What the browser claimed; not trusted: the stored content type comes from the extension. */
  type?: string;
  bytes: Uint8Array;
}

/** What the material writes take besides their input: the storage, the clock, and the audit of the write. */
export type MaterialOptions = {
  storage?: MaterialStorage;
  now?: () => number;
  /**
   * Records the write (lib/courses/admin.ts: the audit entry), run in the write's own transaction, so the row and
   * its entry exist together or not at all. A throw undoes the write (and removes a file just stored).
   */
  audit?: (tx: Database, material: CourseMaterial) => Promise<void>;
};

type CheckedFile = { filename: string; displayName: string; contentType: string; bytes: Uint8Array };

/**
 * Checks an uploaded file (`checkMaterial`: not empty, at most 20 MB, an accepted extension; then
 * `materialContentMatches`: its first bytes are what the extension says). @throws CourseError 'material-empty',
 * 'material-too-large', 'material-type', 'material-content'.
 */
function checkedFile(file: UploadedFile): CheckedFile {
  const check = checkMaterial(file.name, file.bytes.byteLength);
  if (!check.ok) throw new CourseError(check.code, check.detail);
  if (!materialContentMatches(check.filename, file.bytes)) {
    throw new CourseError(
      'material-content',
      `the content is not a .${check.filename.split('.').pop()} file`,
    );
  }
  return { ...check, bytes: file.bytes };
}

/** Stores the bytes as `{timestamp}_{filename}` (the next millisecond when the name is taken). @returns its path and URL. */
async function store(
  file: CheckedFile,
  storage: MaterialStorage,
  now: () => number,
): Promise<{ storagePath: string; url: string }> {
  for (let attempt = 0; ; attempt++) {
    // Two uploads of one name in the same millisecond: take the next millisecond.
    const storagePath = materialStoragePath(file.filename, now() + attempt);
    try {
      return { storagePath, url: await storage.put(storagePath, file.bytes, file.contentType) };
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST' && attempt < 5) continue;
      throw new CourseError('material-failed', error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }
}

/** A failed write after the file was stored: the file goes again, the error becomes 'material-failed' (or stays). */
async function undoStore(storage: MaterialStorage, storagePath: string, error: unknown): Promise<never> {
  await storage.remove(storagePath).catch(() => undefined);
  if (error instanceof CourseError) throw error;
  throw new CourseError('material-failed', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

/**
 * Stores a course material as `{timestamp}_{sanitised filename}` (docs/SPEC-NOTES.md §7) and records it, optionally attached to
 * a lesson of the same course. Allowed: pdf, doc, docx, ppt, pptx, jpg/jpeg, png, mp3, mp4, at most 20 MB
 * (`MATERIAL_MAX_BYTES`), whose first bytes match the extension (an HTML page renamed .pdf is refused). The row
 * keeps the name as typed (`displayFilename`: accents and spaces kept) for students; the stored file's name is
 * ASCII. The insert and `options.audit` run in one transaction; the file is removed again if it fails. Storage:
 * `options.storage`, default `materialStorage()` (locally `.data/uploads`, served at `/uploads/…`; on Supabase a
 * client without a session, whose writes Storage refuses, so route handlers pass
 * `materialStorage(await supabaseClientForRequest())`).
 * @returns the material row and its URL. @throws CourseError 'material-empty', 'material-too-large',
 * 'material-type', 'material-content', 'course-not-found', 'lesson-not-found', 'material-failed'.
 */
export async function saveMaterial(
  courseId: string,
  file: UploadedFile,
  lessonId?: string | null,
  options: MaterialOptions = {},
  db?: Database,
): Promise<{ material: CourseMaterial; url: string }> {
  const checked = checkedFile(file);
  const conn = await database(db);
  const course = isUuid(courseId) ? await selectCourse(conn, courseId) : null;
  if (!course) throw new CourseError('course-not-found', 'course not found');
  if (lessonId) {
    const found = isUuid(lessonId) ? await selectLesson(conn, lessonId) : null;
    if (!found || found.courseId !== course.id) throw new CourseError('lesson-not-found', 'lesson not found');
  }
  const storage = options.storage ?? materialStorage();
  const { storagePath, url } = await store(checked, storage, options.now ?? Date.now);
  try {
    const material = await conn.transaction(async (tx) => {
      const row = await insertMaterial(tx, {
        courseId: course.id,
        lessonId: lessonId || null,
        filename: checked.displayName,
        storagePath,
        contentType: checked.contentType,
        sizeBytes: checked.bytes.byteLength,
      });
      await options.audit?.(tx, row);
      return row;
    });
    return { material, url };
  } catch (error) {
    return undoStore(storage, storagePath, error);
  }
}

/** The material, if it belongs to the course. @throws CourseError 'material-not-found'. */
async function courseMaterial(db: Database, courseId: string, materialId: string): Promise<CourseMaterial> {
  const material = isUuid(materialId) && isUuid(courseId) ? await selectMaterial(db, materialId) : null;
  if (!material || material.courseId !== courseId) {
    throw new CourseError('material-not-found', 'material not found');
  }
  return material;
}

/**
 * Replaces a material's file with a new upload (checked as `saveMaterial` checks it): the same row, so its lesson
 * and place in the list stay, with the new name, type, size and stored file; the old file is removed from the
 * storage once the row points at the new one (a failure to remove it is logged, not thrown). The update and
 * `options.audit` run in one transaction. @returns the updated row and its URL. @throws CourseError as
 * `saveMaterial` does, and 'material-not-found' (no such material in this course).
 */
export async function replaceMaterial(
  courseId: string,
  materialId: string,
  file: UploadedFile,
  options: MaterialOptions = {},
  db?: Database,
): Promise<{ material: CourseMaterial; url: string }> {
  const checked = checkedFile(file);
  const conn = await database(db);
  const old = await courseMaterial(conn, courseId, materialId);
  const storage = options.storage ?? materialStorage();
  const { storagePath, url } = await store(checked, storage, options.now ?? Date.now);
  let material: CourseMaterial;
  try {
    material = await conn.transaction(async (tx) => {
      const row = await updateMaterialRow(tx, old.id, {
        filename: checked.displayName,
        storagePath,
        contentType: checked.contentType,
        sizeBytes: checked.bytes.byteLength,
      });
      if (!row) throw new CourseError('material-not-found', 'material not found');
      await options.audit?.(tx, row);
      return row;
    });
  } catch (error) {
    return undoStore(storage, storagePath, error);
  }
  await removeStored(storage, old.storagePath);
  return { material, url };
}

/**
 * Deletes a material: its row (with `options.audit`, in one transaction), then its stored file (a failure to
 * remove the file is logged: the row is gone, so `/uploads` no longer serves it either way).
 * @returns the deleted row. @throws CourseError 'material-not-found'.
 */
export async function deleteMaterial(
  courseId: string,
  materialId: string,
  options: Pick<MaterialOptions, 'storage' | 'audit'> = {},
  db?: Database,
): Promise<CourseMaterial> {
  const conn = await database(db);
  const material = await courseMaterial(conn, courseId, materialId);
  await conn.transaction(async (tx) => {
    if (!(await deleteMaterialRow(tx, material.id))) {
      throw new CourseError('material-not-found', 'material not found');
    }
    await options.audit?.(tx, material);
  });
  await removeStored(options.storage ?? materialStorage(), material.storagePath);
  return material;
}

async function removeStored(storage: MaterialStorage, storagePath: string): Promise<void> {
  try {
    await storage.remove(storagePath);
  } catch (error) {
    console.error(
      `[courses] removing a stored material failed: ${error instanceof Error ? error.name : 'error'}`,
    );
  }
}
