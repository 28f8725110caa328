import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** 'Blog Post Not Found' (docs/SPEC-NOTES.md §2 Blog post), with a real 404 status. */
export default async function BlogPostNotFound() {
  const t = await getTranslations('Blog');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[
        { href: '/blog', label: t('browseAll') },
        { href: '/', label: t('returnHome') },
      ]}
    />
  );
}
