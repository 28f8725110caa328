import { Award, BookOpen } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ProgressBar } from '@/components/courses/progress-bar';
import { AccountData } from '@/components/data-rights/account-data';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClass } from '@/components/ui/button';
import { localizeHref } from '@/i18n/client-paths';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { requireUser } from '@/lib/auth';
import { myCourses } from '@/lib/courses';
import { pageMetadata } from '@/lib/seo/metadata';
import { formatDate } from '@/lib/utils/format';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Dashboard' });
  return pageMetadata({
    locale,
    path: '/dashboard',
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * The student's dashboard (docs/SPEC-NOTES.md §2, §6 signed-in users): each course they are enrolled in with its progress bar
 * and a Continue link, and once complete the certificate download and its verification page; an empty state
 * points to /courses; below, "Your data": download it all as JSON, or delete the account (components/data-rights).
 * Signed out → /login?next=/dashboard. Per user (cookies), so rendered on request.
 */
export default async function DashboardPage({ params }: PageProps<'/[locale]/dashboard'>) {
  const locale = await localeParam(params);
  const user = await requireUser({ locale, next: '/dashboard' });
  const [t, courses] = await Promise.all([
    getTranslations({ locale, namespace: 'Dashboard' }),
    myCourses(user.id),
  ]);
  const link =
    'inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <p className="text-muted">{t('signedInAs', { email: user.email })}</p>
        <h2 className="mt-8 text-2xl font-bold">{t('heading')}</h2>
        {courses.length === 0 ? (
          <div className="mt-6 rounded-2xl border border-dashed border-border p-10 text-center">
            <p className="text-muted">{t('empty')}</p>
            <Link href="/courses" className={`${buttonClass('primary', 'md')} mt-4`}>
              {t('browse')}
            </Link>
          </div>
        ) : (
          <ul className="mt-6 space-y-6" data-testid="my-courses">
            {courses.map(({ course, progress, enrolledAt, certificateId }) => (
              <li key={course.id} className="rounded-2xl border border-border bg-surface p-6">
                <h3 className="flex items-center gap-2 text-xl font-bold">
                  <BookOpen aria-hidden className="size-5 shrink-0 text-brand" />
                  {course.title}
                </h3>
                <p className="mt-1 text-sm text-muted">
                  {t('enrolledOn', { date: formatDate(enrolledAt, locale) })}
                </p>
                <div className="mt-4">
                  <ProgressBar
                    value={progress}
                    label={t('progressLabel', { course: course.title })}
                    text={t('progressText', { percent: progress })}
                  />
                </div>
                <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
                  <Link href={`/courses/${course.id}/learn`} className={link}>
                    {progress >= 100 ? t('review') : t('continue')}
                  </Link>
                  {certificateId ? (
                    <>
                      <a
                        href={localizeHref(locale, `/courses/${course.id}/certificate`)}
                        download
                        className={link}
                      >
                        <Award aria-hidden className="size-4" />
                        {t('certificate')}
                      </a>
                      <Link href={`/verify/${certificateId}`} className={link}>
                        {t('verify')}
                      </Link>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <ScopedClientMessages locale={locale} namespaces={['AccountData']}>
          <AccountData exportHref="/api/account/export" locale={locale} />
        </ScopedClientMessages>
      </div>
    </>
  );
}
