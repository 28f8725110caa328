import 'server-only';

import { unstable_cache } from 'next/cache';

import { getCourseOutline, listPublishedCourses } from '@/lib/courses';

/**
 * Cached reads of published courses for the public course pages. These pages are rendered on request
 * (`dynamic = 'force-dynamic'`, so `next build` never opens the database, docs/ARCHITECTURE.md §2) but read the database
 * through `unstable_cache` with the tag 'courses' (an admin write can `revalidateTag('courses')`) and a short
 * revalidate, so a busy page does not query on every request. Values are plain JSON (unstable_cache serialises),
 * hence the summaries below rather than the database rows with their Dates.
 */

export const COURSES_TAG = 'courses';
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
  { tags: [COURSES_TAG], revalidate: COURSES_REVALIDATE },
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
  { tags: [COURSES_TAG], revalidate: COURSES_REVALIDATE },
);

/** Published courses, newest first, with their lesson counts. [] on a database failure (lib/courses logs it). */
export async function publishedCourses(): Promise<CourseSummary[]> {
  return cachedList();
}

/** A published course with its units and lesson titles, or null (unknown, unpublished, not a uuid, failure). */
export async function publishedCourse(id: string): Promise<CourseDetail | null> {
  return cachedDetail(id);
}
