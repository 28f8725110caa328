import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { MediaHub } from '@/components/media/media-hub';
import { localeParam } from '@/i18n/params';
import { getMediaArchive, getMediaCategories } from '@/lib/cms';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/media'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Media' });
  return pageMetadata({ locale, path: '/media', title: t('title'), description: t('description') });
}

/**
 * Media hub (docs/SPEC-NOTES.md §2): the image, video and podcast pages with counts, and the whole media archive. Filtering by
 * category lives at /media/category/{slug} rather than `?category=`, so this page stays static (ISR).
 */
export default async function MediaPage({ params }: PageProps<'/[locale]/media'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Media');
  const [items, categories] = await Promise.all([getMediaArchive(), getMediaCategories()]);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <MediaHub locale={locale} items={items} categories={categories} />
    </>
  );
}
