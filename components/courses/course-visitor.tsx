'use client';

import { useEffect, useState } from 'react';

import { Link, useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { MATERIAL_KIND_KEYS, type StudentMaterial, formatFileSize } from '@/lib/courses/shared';

import { MaterialList } from './material-list';

/** What `/api/courses/{id}/enrolment` says about the visitor (app/api/courses/[courseId]/enrolment/route.ts). */
export type CourseVisitor = {
  signedIn: boolean;
  enrolled: boolean;
  admin: boolean;
  /** The course-wide materials, for an enrolled student or an admin; [] for anyone else. */
  materials: StudentMaterial[];
};

const SIGNED_OUT: CourseVisitor = { signedIn: false, enrolled: false, admin: false, materials: [] };

// One request per course and page view, shared by the islands of the course page (the enrol panel, the
// materials, the Manage link); dropped after a failure so a later mount asks again.
const asked = new Map<string, Promise<CourseVisitor>>();

function ask(courseId: string): Promise<CourseVisitor> {
  let answer = asked.get(courseId);
  if (!answer) {
    answer = fetch(`/api/courses/${encodeURIComponent(courseId)}/enrolment`, { cache: 'no-store' })
      .then((r) => (r.ok ? (r.json() as Promise<Partial<CourseVisitor>>) : SIGNED_OUT))
      .then((v) => ({ ...SIGNED_OUT, ...v, materials: Array.isArray(v.materials) ? v.materials : [] }))
      .catch(() => {
        asked.delete(courseId);
        return SIGNED_OUT;
      });
    asked.set(courseId, answer);
    // A later visit of the page (client navigation back to it) asks again: enrolment may have changed.
    void answer.finally(() => setTimeout(() => asked.delete(courseId), 0));
  }
  return answer;
}

/**
 * Who is looking at a course page, asked after hydration (the page itself is the same for everyone and reads no
 * cookies, docs/ARCHITECTURE.md §4): null until the answer arrives, then `CourseVisitor` (signed out on a failure).
 */
export function useCourseVisitor(courseId: string): CourseVisitor | null {
  const [visitor, setVisitor] = useState<CourseVisitor | null>(null);
  useEffect(() => {
    let live = true;
    void ask(courseId).then((v) => {
      if (live) setVisitor(v);
    });
    return () => {
      live = false;
    };
  }, [courseId]);
  return visitor;
}

/**
 * The course page's materials for its students (D2): the course-wide files, with name, kind and size, as download
 * links; shown only to an enrolled student or an admin (the `/uploads` route refuses everyone else anyway).
 * Nothing for anyone else, and nothing before the answer or without JavaScript.
 */
export function CourseMaterials({ courseId }: { courseId: string }) {
  const t = useClientMessages('Courses');
  const locale = useLocale();
  const visitor = useCourseVisitor(courseId);
  if (!visitor || visitor.materials.length === 0) return null;
  return (
    <section aria-labelledby="course-materials" className="space-y-4" data-testid="course-materials">
      <h2 id="course-materials" className="text-2xl font-bold">
        {t('materialsHeading')}
      </h2>
      <MaterialList
        materials={visitor.materials}
        labels={{
          download: (name) => t('download', { name }),
          meta: (m) =>
            t('materialMeta', {
              kind: t(MATERIAL_KIND_KEYS[m.kind]),
              size: formatFileSize(m.sizeBytes, locale),
            }),
        }}
      />
    </section>
  );
}

/**
 * 'Manage this course' for an admin on the course page (D3): a link to its manage page, shown once the visitor
 * is known to be an admin (the manage page checks again on the server).
 */
export function ManageCourseLink({ courseId }: { courseId: string }) {
  const t = useClientMessages('Courses');
  const visitor = useCourseVisitor(courseId);
  if (!visitor?.admin) return null;
  return (
    <Link
      href={`/courses/manage/${courseId}`}
      prefetch={false}
      className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
      data-testid="manage-course"
    >
      {t('manageCourse')}
    </Link>
  );
}
