import 'server-only';

import { unstable_cache } from 'next/cache';

import {
  type Course,
  type CourseLesson,
  type CourseMaterial,
  type CourseUnit,
  type Database,
  selectCourse,
  selectCourseLessons,
  selectCourses,
  selectMaterials,
  selectUnits,
} from '@/lib/db';
import { TAGS } from '@/lib/cache/tags';
import { type MaterialStorage, materialStorage } from '@/lib/storage';

import { isUuid, database, readOr } from './internal';

/**
 * The course catalogue: published courses and outlines for the public pages (cached, below), every course for
 * admins, and a course's materials with their URLs. Reads never throw: [] or null on a database failure, logged.
 */

/** Published courses, newest first (docs/SPEC-NOTES.md §7). [] on a database failure. */
export async function listPublishedCourses(db?: Database): Promise<Course[]> {
  return readOr([], 'listing courses', async () => selectCourses(await database(db)));
}

/** Every course, drafts included, newest first (admin lists). [] on a database failure. */
export async function listAllCourses(db?: Database): Promise<Course[]> {
  return readOr([], 'listing all courses', async () => selectCourses(await database(db), { all: true }));
}

/** A course by id: published only unless `includeDrafts` (admins). Null when absent, not a uuid, or on failure. */
export async function getCourse(
  id: string,
  options: { includeDrafts?: boolean } = {},
  db?: Database,
): Promise<Course | null> {
  if (!isUuid(id)) return null;
  return readOr(null, 'reading a course', async () => {
    const course = await selectCourse(await database(db), id);
    return course && (course.published || options.includeDrafts) ? course : null;
  });
}

export interface CourseOutline {
  course: Course;
  units: (CourseUnit & { lessons: CourseLesson[] })[];
  /** Every lesson id in course order (units, then lessons), for navigation and progress. */
  lessonIds: string[];
}

/**
 * A course with its units and their lessons, all in position order. Published courses only unless
 * `includeDrafts`. Null when absent or on failure.
 */
export async function getCourseOutline(
  id: string,
  options: { includeDrafts?: boolean } = {},
  db?: Database,
): Promise<CourseOutline | null> {
  if (!isUuid(id)) return null;
  return readOr(null, 'reading a course outline', async () => {
    const conn = await database(db);
    const course = await selectCourse(conn, id);
    if (!course || !(course.published || options.includeDrafts)) return null;
    return outlineOf(conn, course);
  });
}

async function outlineOf(db: Database, course: Course): Promise<CourseOutline> {
  const [units, lessons] = await Promise.all([
    selectUnits(db, course.id),
    selectCourseLessons(db, course.id),
  ]);
  return {
    course,
    units: units.map((unit) => ({ ...unit, lessons: lessons.filter((l) => l.unitId === unit.id) })),
    lessonIds: lessons.map((l) => l.id),
  };
}

/**
 * A course's materials, oldest first, each with its public URL (from `options.storage`, default `materialStorage()`:
 * the Supabase bucket or `.data/uploads`). [] on failure.
 */
export async function listMaterials(
  courseId: string,
  options: { storage?: MaterialStorage } = {},
  db?: Database,
): Promise<(CourseMaterial & { url: string })[]> {
  if (!isUuid(courseId)) return [];
  const storage = options.storage ?? materialStorage();
  return readOr([], 'listing materials', async () =>
    (await selectMaterials(await database(db), courseId)).map((m) => ({
      ...m,
      url: storage.url(m.storagePath),
    })),
  );
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Cached reads of published courses for the public course pages. These pages are rendered on request
 * (`dynamic = 'force-dynamic'`, so `next build` never opens the database, docs/ARCHITECTURE.md §2) but read the database
 * through `unstable_cache` with the tag 'courses' (`TAGS.courses`, which admin writes update) and a short
 * revalidate, so a busy page does not query on every request. Values are plain JSON (unstable_cache serialises),
 * hence the summaries below rather than the database rows with their Dates.
 */

/** Seconds a cached read stays fresh: the longest an edit takes to show without a tag revalidation. */
export const COURSES_REVALIDATE = 60;

export type CourseSummary = {
  id: string;
  title: string;
  description: string;
  price: number;
  lessonCount: number;
};

export type CourseDetail = {
  id: string;
  title: string;
  description: string;
  price: number;
  certificationTitle: string;
  certificationDescription: string;
  updatedAt: string;
  units: { id: string; title: string; lessons: { id: string; title: string }[] }[];
  lessonCount: number;
};

const cachedList = unstable_cache(
  async (): Promise<CourseSummary[]> => {
    const courses = await listPublishedCourses();
    const outlines = await Promise.all(courses.map((c) => getCourseOutline(c.id)));
    return courses.map((c, i) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      price: c.price,
      lessonCount: outlines[i]?.lessonIds.length ?? 0,
    }));
  },
  ['courses', 'published-list'],
  { tags: [TAGS.courses], revalidate: COURSES_REVALIDATE },
);

const cachedDetail = unstable_cache(
  async (id: string): Promise<CourseDetail | null> => {
    const outline = await getCourseOutline(id);
    if (!outline) return null;
    const { course } = outline;
    return {
      id: course.id,
      title: course.title,
      description: course.description,
      price: course.price,
      certificationTitle: course.certificationTitle,
      certificationDescription: course.certificationDescription,
      updatedAt: new Date(course.updatedAt).toISOString(),
      units: outline.units.map((u) => ({
        id: u.id,
        title: u.title,
        lessons: u.lessons.map((l) => ({ id: l.id, title: l.title })),
      })),
      lessonCount: outline.lessonIds.length,
    };
  },
  ['courses', 'published-detail'],
  { tags: [TAGS.courses], revalidate: COURSES_REVALIDATE },
);

/** Published courses, newest first, with their lesson counts. [] on a database failure (lib/courses logs it). */
export async function publishedCourses(): Promise<CourseSummary[]> {
  return cachedList();
}

/** A published course with its units and lesson titles, or null (unknown, unpublished, not a uuid, failure). */
export async function publishedCourse(id: string): Promise<CourseDetail | null> {
  return cachedDetail(id);
}
