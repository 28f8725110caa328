import { getTranslations } from 'next-intl/server';

import { SocialIcon, type SocialNetwork } from '@/components/layout/social-icons';
import { Card } from '@/components/ui/card';
import type { Locale } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';
import { formatStat, volunteerStats } from '@/lib/home/stats';

const SOCIAL_ORDER: SocialNetwork[] = ['facebook', 'x', 'instagram', 'linkedin', 'youtube'];

/** The volunteer statistics (lib/home/stats.ts: editable in WordPress, the spec's figures by default) beside "Follow us" with the site's social links. */
export async function VolunteersSection({ locale }: { locale: Locale }) {
  const [t, stats] = await Promise.all([getTranslations('HomePage'), volunteerStats()]);
  const social = siteConfig().social;
  return (
    <section
      aria-labelledby="volunteers-title"
      className="mx-auto grid max-w-7xl gap-6 px-4 pb-16 sm:px-6 lg:grid-cols-[2fr_1fr]"
    >
      <div className="rounded-3xl bg-gradient-to-br from-[#3b0764] to-[#1e3a8a] p-8 text-white">
        <h2 id="volunteers-title" className="text-2xl font-bold">
          {t('volunteersHeading')}
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-6 sm:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label}>
              <dt className="text-sm text-white/85">{t(`volunteers${stat.label}`)}</dt>
              <dd className="mt-1 text-3xl font-bold">{formatStat(locale, stat.value, stat.plus)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Card tone="plain" large>
        <h2 className="text-2xl font-bold">{t('followHeading')}</h2>
        <p className="mt-2 text-muted">{t('followBody')}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          {SOCIAL_ORDER.map((network) => (
            <li key={network}>
              <a
                href={social[network]}
                target="_blank"
                rel="noopener noreferrer"
                className="flex size-11 items-center justify-center rounded-full border border-border hover:bg-surface"
              >
                <SocialIcon network={network} />
                <span className="sr-only">{t(`social.${network}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
