import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { formatNumber } from '@/lib/format';

/** docs/SPEC-NOTES.md §9 "Volunteer statistics": fixed figures, shown with a '+' where the spec has one. */
export const VOLUNTEER_STATS = [
  { value: 2500, plus: true, label: 'statsActive' },
  { value: 10000, plus: true, label: 'statsHours' },
  { value: 35, plus: false, label: 'statsProjects' },
  { value: 2000, plus: true, label: 'statsLives' },
] as const;

/** The figure in the locale's digits and grouping ('2,500+' in English, '2 500+' in French). */
export function formatStat(locale: Locale, value: number, plus: boolean): string {
  return `${formatNumber(value, locale)}${plus ? '+' : ''}`;
}

/** The volunteer statistics band at the top of the Community page. Server component. */
export async function VolunteerStats({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Community' });
  return (
    <section
      aria-labelledby="community-stats-title"
      className="rounded-3xl bg-gradient-to-br from-[#3b0764] to-[#1e3a8a] p-8 text-white"
    >
      <h2 id="community-stats-title" className="text-2xl font-bold">
        {t('statsHeading')}
      </h2>
      <dl className="mt-6 grid grid-cols-2 gap-6 sm:grid-cols-4">
        {VOLUNTEER_STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-white/85">{t(stat.label)}</dt>
            <dd className="text-3xl font-bold">{formatStat(locale, stat.value, stat.plus)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
