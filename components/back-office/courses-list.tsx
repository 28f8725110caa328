import type { getTranslations } from 'next-intl/server';

import { CoursePrice } from '@/components/courses/price';
import { FilterForm } from '@/components/ui/filter-form';
import { ScrollTable, Td, Th } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { type CourseListRow, formatWhen } from '@/lib/back-office';

/** The `BackOffice.courses` messages of the page (`getTranslations({ namespace: 'BackOffice.courses' })`). */
type CoursesT = Awaited<ReturnType<typeof getTranslations<'BackOffice.courses'>>>;

const link = 'font-semibold text-brand underline underline-offset-4';

/**
 * The course list's filters (`/admin/courses`): words of the title and draft / published, as a GET form (every
 * result its own address; works without JavaScript), with a Clear link when a filter is on. Server component.
 */
export function CoursesFilters({
  filter,
  t,
}: {
  filter: { q?: string; status?: 'draft' | 'published' };
  t: CoursesT;
}) {
  return (
    <FilterForm
      id="course-filters"
      layout="toolbar"
      search={{ label: t('searchLabel'), value: filter.q, maxLength: 200 }}
      selects={[
        {
          name: 'status',
          label: t('statusLabel'),
          value: filter.status,
          any: t('statusAll'),
          options: [
            { value: 'draft', label: t('statusDraft') },
            { value: 'published', label: t('statusPublished') },
          ],
        },
      ]}
      submitLabel={t('filter')}
      clear={filter.q || filter.status ? { href: '/admin/courses', label: t('statusAll') } : undefined}
    />
  );
}

/**
 * Every course of the list: the title (to its manage page), draft or published (in words, not colour alone),
 * price, active enrolments, last change in the page's locale and time zone, then Manage and the course page (a
 * draft's page opens for admins only). A table that scrolls inside itself, never the page. Server component.
 */
export function CoursesTable({
  locale,
  courses,
  t,
}: {
  locale: Locale;
  courses: readonly CourseListRow[];
  t: CoursesT;
}) {
  if (courses.length === 0) return <p>{t('none')}</p>;
  return (
    <ScrollTable
      label={t('caption')}
      caption={t('caption')}
      data-testid="admin-courses"
      columns={[
        t('colTitle'),
        t('colStatus'),
        t('colPrice'),
        t('colEnrolments'),
        t('colUpdated'),
        t('colActions'),
      ]}
    >
      {courses.map((c) => (
        <tr key={c.id}>
          <Th scope="row" lang="en">
            <Link href={`/courses/manage/${c.id}`} className={link}>
              {c.title}
            </Link>
          </Th>
          <Td>
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${c.published ? 'border border-success text-success' : 'bg-surface-strong text-fg'}`}
            >
              {c.published ? t('statusPublished') : t('statusDraft')}
            </span>
          </Td>
          <Td className="whitespace-nowrap">
            <CoursePrice price={c.price} locale={locale} />
          </Td>
          <Td>{c.enrolments}</Td>
          <Td>{formatWhen(c.updatedAt, locale)}</Td>
          <Td>
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <Link href={`/courses/manage/${c.id}`} className={link}>
                {t('manage')}
                <span className="sr-only">: {c.title}</span>
              </Link>
              <Link href={`/courses/${c.id}`} className={link}>
                {t('viewPage')}
                <span className="sr-only">: {c.title}</span>
              </Link>
            </span>
          </Td>
        </tr>
      ))}
    </ScrollTable>
  );
}
