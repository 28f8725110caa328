import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { CoursesFilters, CoursesTable } from '@/components/back-office/courses-list';
import { ButtonLink } from '@/components/ui/button-link';
import { localeParam } from '@/i18n/params';
import { requireAdmin } from '@/lib/auth';
import { adminMetadata, backOfficeCourses, courseListFilter } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/courses'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/courses', {
    title: 'BackOffice.courses.title',
    description: 'BackOffice.courses.intro',
  });
}

/**
 * Every course, drafts included (D3 of the back-office review), admins only (`requireAdmin` first, as the course
 * pages: signed out → sign in, not an admin → the course list's 'Access Denied'): title (to its manage page),
 * draft or published, price, active enrolments and last change, newest change first; a GET filter by words of
 * the title and by status (every result an address), a 'New course' button, and per row Manage and the course
 * page (a draft's page opens for admins only).
 */
export default async function AdminCoursesPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireAdmin({ locale, next: '/admin/courses' });
  const filter = courseListFilter(await searchParams);
  const [t, courses] = await Promise.all([
    getTranslations({ locale, namespace: 'BackOffice.courses' }),
    backOfficeCourses(filter),
  ]);
  return (
    <AdminPage
      title={t('title')}
      description={t('intro')}
      actions={
        <ButtonLink href="/courses/create" size="sm">
          {t('newCourse')}
        </ButtonLink>
      }
    >
      <CoursesFilters filter={filter} t={t} />
      <p role="status" className="text-sm text-muted">
        {t('count', { count: courses.length })}
      </p>
      <CoursesTable locale={locale} courses={courses} t={t} />
    </AdminPage>
  );
}
