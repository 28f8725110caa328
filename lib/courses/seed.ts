import 'server-only';

import { z } from 'zod';

import climate from '@/content/courses/race-and-climate-justice.json';
import draft from '@/content/courses/anti-racist-organisations-draft.json';
import facilitating from '@/content/courses/facilitating-collective-conversations.json';
import unlearning from '@/content/courses/unlearning-racism.json';
import { env } from '@/lib/config/env';
import { type Database, type DatabaseOpened, insertCourseIfAbsent, insertLesson, insertUnit } from '@/lib/db';
import { logger } from '@/lib/log';

import { sanitizeLessonBody } from './model';

/**
 * Demo courses for the embedded default (issue 7 item 7): content/courses/*.json, written for this site. Each
 * course, unit and lesson has a fixed id, so seeding is idempotent: a course whose id exists is left alone
 * entirely (an admin's edits, deleted units or lessons are never brought back).
 */
const uuid = z.string().regex(/^[0-9a-f-]{36}$/);
const demoCourseSchema = z.object({
  id: uuid,
  title: z.string().min(1),
  description: z.string(),
  price: z.number().min(0),
  thumbnail: z.string().nullable(),
  published: z.boolean(),
  certification: z.object({ title: z.string().min(1), description: z.string().min(1) }).optional(),
  units: z.array(
    z.object({
      id: uuid,
      title: z.string().min(1),
      lessons: z.array(
        z.object({
          id: uuid,
          title: z.string().min(1),
          body: z.string(),
          videoUrl: z.string().nullable().optional(),
        }),
      ),
    }),
  ),
});
export type DemoCourse = z.infer<typeof demoCourseSchema>;

/** The demo courses, validated (a broken file fails loudly in tests). */
export function demoCourses(): DemoCourse[] {
  return [unlearning, climate, facilitating, draft].map((c) => demoCourseSchema.parse(c));
}

export interface SeedResult {
  /** Ids of the courses inserted by this call. */
  inserted: string[];
  /** Ids already present, left unchanged. */
  skipped: string[];
}

/**
 * Inserts the demo courses that are not in the database yet (by id), each with its units and lessons, in one
 * transaction per course. Safe to run on every start. @throws on a database error (nothing of that course kept).
 */
export async function seedDemoCourses(db: Database): Promise<SeedResult> {
  const result: SeedResult = { inserted: [], skipped: [] };
  for (const course of demoCourses()) {
    const inserted = await db.transaction(async (tx) => {
      const created = await insertCourseIfAbsent(tx, {
        id: course.id,
        title: course.title,
        description: course.description,
        price: course.price,
        thumbnail: course.thumbnail,
        published: course.published,
        certificationTitle: course.certification?.title,
        certificationDescription: course.certification?.description,
      });
      if (!created) return false;
      for (const [position, unit] of course.units.entries()) {
        await insertUnit(tx, { id: unit.id, courseId: course.id, title: unit.title, position });
        for (const [lessonPosition, lesson] of unit.lessons.entries()) {
          await insertLesson(tx, {
            id: lesson.id,
            unitId: unit.id,
            title: lesson.title,
            body: sanitizeLessonBody(lesson.body),
            videoUrl: lesson.videoUrl ?? null,
            position: lessonPosition,
          });
        }
      }
      return true;
    });
    (inserted ? result.inserted : result.skipped).push(course.id);
  }
  return result;
}

/**
 * The `onDatabaseOpen` step instrumentation.ts registers (lib/db/client.ts): the demo courses go into the embedded
 * database once, in the start whose migrations create the course tables (a new data directory, or one that
 * predates them), so courses an admin deleted later do not come back. PostgreSQL (production) is seeded only when
 * COURSES_SEED=1 (idempotent by id). @throws what `seedDemoCourses` throws (getDb logs it).
 */
export async function seedOnDatabaseOpen(db: Database, opened: DatabaseOpened): Promise<void> {
  const wanted =
    opened.driver === 'pglite' ? opened.createdTables.includes('course_units') : env().COURSES_SEED === '1';
  if (!wanted) return;
  const { inserted } = await seedDemoCourses(db);
  if (inserted.length)
    logger().info({ component: 'db' }, `added ${inserted.length} demo courses (content/courses)`);
}
