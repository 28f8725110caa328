import 'server-only';

import { unstable_cache } from 'next/cache';

import {
  type Course,
  type CourseLesson,
  type CourseMaterial,
  type CourseListRow,
  type CourseUnit,
  type Database,
  selectCourse,
  selectCourseList,
  selectCourseLessons,
  selectCourses,
  selectMaterials,
  selectUnits,
} from '@/lib/db';
import { TAGS } from '@/lib/cache/tags';
import { type MaterialStorage, materialStorage } from '@/lib/storage';

import { isUuid, database, readOr } from './internal';
import { type StudentMaterial, materialKind } from './shared';

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

/**
 * A course's materials as a student's list shows them (the learn page: those of the open lesson; the course page's
 * island: those of the whole course), oldest first: the name as uploaded, its kind, size and the `/uploads`
 * address, where the route checks the enrolment again. The caller decides who may see the list (enrolled
 * students, admins). [] on failure.
 */
export async function studentMaterials(
  courseId: string,
  options: { storage?: MaterialStorage } = {},
  db?: Database,
): Promise<StudentMaterial[]> {
  return (await listMaterials(courseId, options, db)).map((m) => ({
    id: m.id,
    name: m.filename,
    kind: materialKind(m.contentType),
    sizeBytes: m.sizeBytes,
    url: m.url,
    lessonId: m.lessonId,
  }));
}

/** The back office's course list filter: words of the title, and draft or published only. */
export type CourseListFilter = { q?: string; status?: 'draft' | 'published' };

/**
 * Every course for the back office (`/admin/courses`), drafts included, latest change first: title, published
 * or draft, price, active enrolments and when it last changed (its details, units, lessons, materials or
 * students). `filter.q` matches words of the title, `filter.status` keeps drafts or published ones. [] on a
 * database failure (logged).
 */
export async function listCoursesForBackOffice(
  filter: CourseListFilter = {},
  db?: Database,
): Promise<CourseListRow[]> {
  return readOr([], 'listing courses for the back office', async () =>
    selectCourseList(await database(db), { q: filter.q?.slice(0, 200), status: filter.status }),
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
  published: boolean;
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

/** The plain JSON of a course page from an outline. */
function detailOf(outline: CourseOutline): CourseDetail {
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
    published: course.published,
  };
}

const cachedDetail = unstable_cache(
  async (id: string): Promise<CourseDetail | null> => {
    const outline = await getCourseOutline(id);
    return outline ? detailOf(outline) : null;
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

/**
 * Any course's page data, drafts included, read fresh (not cached): the course page for an admin previewing a
 * draft (the page checks the admin first). Null when absent, not a uuid, or on failure.
 */
export async function courseDetailForAdmin(id: string, db?: Database): Promise<CourseDetail | null> {
  const outline = await getCourseOutline(id, { includeDrafts: true }, db);
  return outline ? detailOf(outline) : null;
}
