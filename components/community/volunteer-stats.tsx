import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { formatStat, volunteerStats } from '@/lib/home/stats';

/**
 * The volunteer statistics band at the top of the Community page: the same figures as the home page's
 * (lib/home/stats.ts: editable in WordPress, the spec's figures by default). Server component.
 */
export async function VolunteerStats({ locale }: { locale: Locale }) {
  const [t, stats] = await Promise.all([
    getTranslations({ locale, namespace: 'Community' }),
    volunteerStats(),
  ]);
  return (
    <section
      aria-labelledby="community-stats-title"
      className="rounded-3xl bg-gradient-to-br from-[#3b0764] to-[#1e3a8a] p-8 text-white"
    >
      <h2 id="community-stats-title" className="text-2xl font-bold">
        {t('statsHeading')}
      </h2>
      <dl className="mt-6 grid grid-cols-2 gap-6 sm:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-white/85">{t(`stats${stat.label}`)}</dt>
            <dd className="text-3xl font-bold">{formatStat(locale, stat.value, stat.plus)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
