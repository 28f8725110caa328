import { ExternalLink, Gift, HandHeart, Heart, Landmark, Users } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { DonateForm } from '@/components/donate/donate-form';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { siteConfig } from '@/lib/config/site';
import { webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/donate'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Donate' });
  return pageMetadata({ locale, path: '/donate', title: t('title'), description: t('description') });
}

function Way({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-border bg-bg p-6">
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h3>
      <p className="mt-2 text-muted">{children}</p>
    </li>
  );
}

/**
 * Donate (docs/SPEC-NOTES.md §2): the donate form first, above the fold as the big charities do it (one-off or monthly, suggested amounts with
 * what each pays for, or another amount; payment stays on the external provider, see app/api/donate/route.ts),
 * Gift Aid, why giving matters, other ways to give through the donations email, and the charity number.
 * Static: everything comes from the messages and the site config. No bank details: the config holds none.
 */
export default async function DonatePage({ params }: PageProps<'/[locale]/donate'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Donate');
  const f = await getTranslations('DonateForm');
  const site = siteConfig();
  const icon = 'size-5 shrink-0 text-brand';

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <section aria-labelledby="donate-ways">
          <h2 id="donate-ways" className="flex items-center gap-2 text-2xl font-bold">
            <Heart aria-hidden className="size-6 shrink-0 text-brand" />
            {t('onlineHeading')}
          </h2>
          <p className="mt-3">{t('onlineBody')}</p>
          <div className="mt-6">
            <DonateForm charityNumber={site.charityNumber} />
          </div>
          <p className="mt-4 text-sm">
            {f('chooseLater')}{' '}
            <a
              href={site.donationUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-brand underline"
            >
              {t('onlineButton')}
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">{t('opensInNewTab')}</span>
            </a>
          </p>
          <div className="mt-8 rounded-2xl border border-border p-6 sm:p-8">
            <h3 className="flex items-center gap-2 text-xl font-semibold">
              <Gift aria-hidden className={icon} />
              {t('giftAidHeading')}
            </h3>
            <p className="mt-3">{t('giftAidBody')}</p>
            <p className="mt-3">{f('giftAidExample')}</p>
            <p className="mt-3 text-sm text-muted">{t('giftAidNote')}</p>
          </div>
        </section>

        <section aria-labelledby="donate-why" className="mt-12">
          <h2 id="donate-why" className="text-2xl font-bold">
            {t('whyHeading')}
          </h2>
          <p className="mt-4 text-lg">{t('whyBody1')}</p>
          <p className="mt-4 text-lg">{t('whyBody2')}</p>
        </section>

        <section aria-labelledby="donate-other" className="mt-12">
          <h2 id="donate-other" className="text-2xl font-bold">
            {t('otherHeading')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            <Way icon={<Users aria-hidden className={icon} />} title={t('fundraiseHeading')}>
              {t('fundraiseBody')}
            </Way>
            <Way icon={<HandHeart aria-hidden className={icon} />} title={t('memoryHeading')}>
              {t('memoryBody')}
            </Way>
            <Way icon={<Landmark aria-hidden className={icon} />} title={t('organisationsHeading')}>
              {t('organisationsBody')}
            </Way>
          </ul>
          <p className="mt-6 text-lg">
            {t.rich('contactLine', {
              address: site.emails.donations,
              email: (chunks) => (
                <a href={`mailto:${site.emails.donations}`} className="font-semibold text-brand underline">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </section>

        {site.charityNumber ? (
          <p className="mt-12 border-t border-border pt-6 text-sm text-muted">
            {t('charityNumber', { number: site.charityNumber })}
          </p>
        ) : null}
      </div>
      <JsonLd
        data={webPageJsonLd(site, {
          url: localizedPath(locale, '/donate'),
          name: t('title'),
          description: t('description'),
          inLanguage: locale,
        })}
      />
    </>
  );
}
