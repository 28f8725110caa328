import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

/** 'Blog Post Not Found' (spec §2 Blog post), with a real 404 status. */
export default async function BlogPostNotFound() {
  const t = await getTranslations('Blog');
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-brand uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t('notFoundTitle')}</h1>
      <p className="mt-4 text-muted">{t('notFoundBody')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          href="/blog"
          className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-fg hover:bg-brand-hover"
        >
          {t('browseAll')}
        </Link>
        <Link href="/" className="rounded-full border border-border px-6 py-3 font-semibold hover:bg-surface">
          {t('returnHome')}
        </Link>
      </div>
    </section>
  );
}
