import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { createTestCourseAction } from '@/lib/courses/actions';
import { adminPrimary } from '@/components/courses/admin/parts';
import { PageHeader } from '@/components/layout/page-header';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { requireAdmin } from '@/lib/auth';
import { manageStatus } from '@/lib/courses/shared';
import { TEST_COURSE_PRICE, listAllCourses } from '@/lib/courses';
import { formatMoney } from '@/lib/utils/format';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = PageProps<'/[locale]/courses/test'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'CourseAdmin' });
  return pageMetadata({
    locale,
    path: '/courses/test',
    title: t('testTitle'),
    description: t('testSubtitle', { price: formatMoney(TEST_COURSE_PRICE, locale) }),
    noindex: true,
  });
}

/**
 * Test courses (docs/SPEC-NOTES.md §2, §7 insert_test_course, §9 price 25), admins only (`requireAdmin`): a button creating an
 * unpublished 'Test Course' priced £25 (the action checks admin rights again), then the test courses with id,
 * title, price and a link to manage each; the one just created (`?created={id}`) is marked.
 */
export default async function TestCoursesPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireAdmin({ locale, next: '/courses/test' });
  const t = await getTranslations({ locale, namespace: 'CourseAdmin' });
  const query = await searchParams;
  const created = typeof query.created === 'string' ? query.created : null;
  const failure = manageStatus({ error: query.error });
  const courses = (await listAllCourses()).filter((c) => c.title === 'Test Course');
  return (
    <>
      <PageHeader
        title={t('testTitle')}
        subtitle={t('testSubtitle', { price: formatMoney(TEST_COURSE_PRICE, locale) })}
      />
      <div className="mx-auto max-w-4xl space-y-10 px-4 py-12 sm:px-6">
        <form action={createTestCourseAction}>
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" className={adminPrimary}>
            {t('createTest')}
          </button>
        </form>
        <div role="status" className="min-h-6">
          {created && courses.some((c) => c.id === created) ? (
            <p className="rounded-lg border border-success p-3 font-medium text-success">
              {t('testCreated')}
            </p>
          ) : failure ? (
            <p className="rounded-lg border border-danger p-3 font-medium text-danger">{t(failure.key)}</p>
          ) : null}
        </div>
        <section aria-labelledby="test-courses-heading">
          <h2 id="test-courses-heading" className="text-2xl font-bold">
            {t('testListHeading')}
          </h2>
          {courses.length === 0 ? (
            <p className="mt-4">{t('noTestCourses')}</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left">
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-2 pr-4">
                      {t('colId')}
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      {t('colTitle')}
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      {t('colPrice')}
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">{t('colActions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {courses.map((course) => (
                    <tr
                      key={course.id}
                      className={`border-b border-border ${course.id === created ? 'bg-surface font-semibold' : ''}`}
                      data-testid="test-course"
                    >
                      <td className="py-2 pr-4 font-mono text-sm break-all">{course.id}</td>
                      <td className="py-2 pr-4">{course.title}</td>
                      <td className="py-2 pr-4">{formatMoney(course.price, locale)}</td>
                      <td className="py-2">
                        <Link
                          href={`/courses/manage/${course.id}`}
                          className="font-semibold text-brand underline underline-offset-4"
                        >
                          {t('manage')}
                          <span className="sr-only">: {course.id}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
