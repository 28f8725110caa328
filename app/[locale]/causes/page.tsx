import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { CauseCard } from '@/components/causes/cause-card';
import { PageHeader } from '@/components/layout/page-header';
import { localeParam } from '@/i18n/params';
import { getProgrammes } from '@/lib/causes';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/causes'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Causes' });
  return pageMetadata({ locale, path: '/causes', title: t('title'), description: t('description') });
}

/**
 * Causes list (docs/SPEC-NOTES.md §2): every cause (the `cause` post type, or posts in category 2202), as cards, in the
 * one programme order the home page, Our work and the footer share (lib/causes).
 */
export default async function CausesPage({ params }: PageProps<'/[locale]/causes'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Causes');
  const causes = await getProgrammes();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {causes.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted">
            {t('empty')}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {causes.map((cause, i) => (
              <li key={cause.slug}>
                <CauseCard cause={cause} locale={locale} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
