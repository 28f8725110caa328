import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { PageHeader } from '@/components/layout/page-header';
import { MediaHub } from '@/components/media/media-hub';
import { localeParam, slugParam } from '@/i18n/params';
import { getMediaArchive, getMediaCategories } from '@/lib/cms';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

/** The first 20 categories are pre-rendered; others render on first request and are cached. */
export async function generateStaticParams() {
  return (await getMediaCategories()).slice(0, 20).map((c) => ({ slug: c.slug }));
}

async function findCategory(params: Promise<{ slug: string }>) {
  const slug = await slugParam(params);
  return (await getMediaCategories()).find((c) => c.slug === slug) ?? null;
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/media/category/[slug]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Media' });
  const category = await findCategory(params);
  if (!category) return { title: t('categoryNotFoundTitle') };
  return pageMetadata({
    locale,
    path: `/media/category/${category.slug}`,
    title: t('categoryTitle', { name: category.name }),
    description: category.description || t('categoryDescription', { name: category.name }),
  });
}

/** The media hub filtered by one `media_category` term; an unknown category is a real 404. */
export default async function MediaCategoryPage({ params }: PageProps<'/[locale]/media/category/[slug]'>) {
  const locale = await localeParam(params);
  const category = await findCategory(params);
  if (!category) notFound();
  const t = await getTranslations('Media');
  const [items, categories] = await Promise.all([getMediaArchive(), getMediaCategories()]);
  return (
    <>
      <PageHeader
        title={t('categoryTitle', { name: category.name })}
        subtitle={category.description || undefined}
      />
      <MediaHub locale={locale} items={items} categories={categories} active={category} />
    </>
  );
}
