import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** 'Course not found' with a link back to the list and a real 404 status (unknown, unpublished or malformed id). */
export default async function CourseNotFound() {
  const t = await getTranslations('Courses');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[{ href: '/courses', label: t('allCourses') }]}
    />
  );
}
