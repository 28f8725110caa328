import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import type { Locale } from '@/i18n/routing';
import { formatStat, impactStats } from '@/lib/home/stats';

/** "Our Impact": four cards with the site's figures (lib/home/stats.ts: editable in WordPress, the spec's by default). */
export async function ImpactSection({ locale }: { locale: Locale }) {
  const [t, stats] = await Promise.all([getTranslations('HomePage'), impactStats()]);
  return (
    <Section titleId="impact-title" title={t('impactHeading')} intro={t('impactIntro')}>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map((stat) => (
          <Card key={stat.label}>
            <dt className="text-sm text-muted">{t(stat.label)}</dt>
            <dd className="mt-2 text-3xl font-bold text-brand">
              {formatStat(locale, stat.value, stat.plus)}
            </dd>
          </Card>
        ))}
      </dl>
    </Section>
  );
}
