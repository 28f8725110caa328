import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminCourseForm } from '@/components/courses/admin/course-form';
import { PageHeader } from '@/components/layout/page-header';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { requireAdmin } from '@/lib/auth';
import { DEFAULT_CERTIFICATION_DESCRIPTION, DEFAULT_CERTIFICATION_TITLE } from '@/lib/courses';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/courses/create'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'CourseAdmin' });
  return pageMetadata({
    locale,
    path: '/courses/create',
    title: t('createTitle'),
    description: t('createSubtitle'),
    noindex: true,
  });
}

/**
 * Course creation (docs/SPEC-NOTES.md §2, §6, §7), admins only: `requireAdmin` runs on the server before anything renders
 * (signed out → /login?next=/courses/create; not an admin → /courses?denied=admin, where 'Access Denied' shows).
 * The form is a client island; its action checks admin rights again. Reads cookies, so it renders per request.
 * The certificate fields are prefilled with the docs/SPEC-NOTES.md §3 defaults (stored in English, like the course content).
 */
export default async function CreateCoursePage({ params }: PageProps<'/[locale]/courses/create'>) {
  const locale = await localeParam(params);
  await requireAdmin({ locale, next: '/courses/create' });
  const t = await getTranslations({ locale, namespace: 'CourseAdmin' });
  return (
    <>
      <PageHeader title={t('createTitle')} subtitle={t('createSubtitle')} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <ScopedClientMessages locale={locale} namespaces={['CourseAdmin']}>
          <AdminCourseForm
            defaultCertificateTitle={DEFAULT_CERTIFICATION_TITLE}
            defaultCertificateDescription={DEFAULT_CERTIFICATION_DESCRIPTION}
          />
        </ScopedClientMessages>
      </div>
    </>
  );
}
