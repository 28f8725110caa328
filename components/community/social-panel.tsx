import { getTranslations } from 'next-intl/server';

import { SocialIcon, type SocialNetwork } from '@/components/layout/social-icons';
import type { Locale } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';

const NETWORKS: {
  network: SocialNetwork;
  label: 'networkFacebook' | 'networkX' | 'networkInstagram' | 'networkLinkedin' | 'networkYoutube';
}[] = [
  { network: 'facebook', label: 'networkFacebook' },
  { network: 'x', label: 'networkX' },
  { network: 'instagram', label: 'networkInstagram' },
  { network: 'linkedin', label: 'networkLinkedin' },
  { network: 'youtube', label: 'networkYoutube' },
];

/** The social panel: the charity's profiles from the site config, each opening in a new tab. */
export async function SocialPanel({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Community' });
  const social = siteConfig().social;
  return (
    <section aria-labelledby="social-title" className="rounded-2xl border border-border p-6 sm:p-8">
      <h2 id="social-title" className="text-2xl font-bold">
        {t('socialHeading')}
      </h2>
      <p className="mt-2 text-muted">{t('socialBody')}</p>
      <ul className="mt-6 flex flex-wrap gap-3">
        {NETWORKS.map(({ network, label }) => (
          <li key={network}>
            <a
              href={social[network]}
              target="_blank"
              rel="noopener noreferrer"
              className="flex size-11 items-center justify-center rounded-full border border-border hover:bg-surface"
            >
              <SocialIcon network={network} />
              <span className="sr-only">{t('socialLink', { network: t(label) })}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
