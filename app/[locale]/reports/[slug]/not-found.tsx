import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

/** 'Report Not Found' (spec §8) with a return link and a real 404 status. */
export default async function ReportNotFound() {
  const t = await getTranslations('Reports');
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-brand uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t('notFoundTitle')}</h1>
      <p className="mt-4 text-muted">{t('notFoundBody')}</p>
      <Link
        href="/reports"
        className="mt-8 inline-flex rounded-full bg-brand px-6 py-3 font-semibold text-brand-fg hover:bg-brand-hover"
      >
        {t('back')}
      </Link>
    </section>
  );
}
