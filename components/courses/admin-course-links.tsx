'use client';

import { useEffect, useState } from 'react';

import { Link } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';

// One `/api/session` request per page view, shared by the catalogue's links; asked only when a session cookie
// hint exists (as the header's user menu does), so most visitors make no request at all.
let asked: Promise<boolean> | null = null;

function askAdmin(): Promise<boolean> {
  if (!/(?:^|;\s*)(?:lrjn_signed_in=1|sb-[^=]+-auth-token[^=]*=)/.test(document.cookie)) {
    return Promise.resolve(false);
  }
  asked ??= fetch('/api/session', { cache: 'no-store', credentials: 'same-origin' })
    .then((r) => (r.ok ? (r.json() as Promise<{ isAdmin?: boolean }>) : null))
    .then((s) => s?.isAdmin === true)
    .catch(() => false)
    .finally(() => setTimeout(() => (asked = null), 0));
  return asked;
}

/** Whether the visitor is an admin, asked after hydration (false until then, and for everyone else). */
function useIsAdmin(): boolean {
  const [admin, setAdmin] = useState(false);
  useEffect(() => {
    let live = true;
    void askAdmin().then((yes) => {
      if (live) setAdmin(yes);
    });
    return () => {
      live = false;
    };
  }, []);
  return admin;
}

/**
 * The catalogue's admin links (D3), shown only to an admin (the pages behind them check again on the server):
 * the back office's full course list, drafts included (`/admin/courses`).
 */
export function AdminCoursesLink() {
  const t = useClientMessages('Courses');
  if (!useIsAdmin()) return null;
  return (
    <p className="mb-6">
      <Link
        href="/admin/courses"
        prefetch={false}
        className="font-semibold text-brand underline underline-offset-4"
        data-testid="admin-courses-link"
      >
        {t('allCoursesAdmin')}
      </Link>
    </p>
  );
}

/** 'Manage {title}' on one course card of the catalogue, for an admin: its manage page. Above the card's link. */
export function ManageCardLink({ courseId, title }: { courseId: string; title: string }) {
  const t = useClientMessages('Courses');
  if (!useIsAdmin()) return null;
  return (
    <Link
      href={`/courses/manage/${courseId}`}
      prefetch={false}
      aria-label={t('manageCourseNamed', { title })}
      className="relative z-10 mt-3 inline-flex min-h-11 items-center self-start font-semibold text-brand underline underline-offset-4"
    >
      {t('manageCourse')}
    </Link>
  );
}
