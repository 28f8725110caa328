import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { PageHeader } from '@/components/layout/page-header';
import { localeParam } from '@/i18n/params';
import { siteConfig } from '@/lib/config/site';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

/** The Equality Advisory and Support Service, where the enforcement procedure sends an unresolved complaint. */
const EASS_URL = 'https://www.equalityadvisoryservice.com/';

const CAN = ['can1', 'can2', 'can3', 'can4', 'can5'] as const;
const TESTED = ['tested1', 'tested2', 'tested3', 'tested4', 'tested5'] as const;
const KNOWN = ['known1', 'known2', 'known3'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/accessibility'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Accessibility' });
  return pageMetadata({ locale, path: '/accessibility', title: t('title'), description: t('description') });
}

function link(href: string) {
  return function InlineLink(chunks: ReactNode) {
    return (
      <a href={href} className="text-brand underline">
        {chunks}
      </a>
    );
  };
}

/**
 * The accessibility statement (WCAG 2.2 AA), in the four languages: what a visitor can expect, the compliance
 * status, how the site is tested (tests/e2e/a11y.spec.ts and the keyboard specs), known issues, how to report a
 * problem (the general contact email and phone of lib/config/site.ts) and the EHRC enforcement procedure.
 */
export default async function AccessibilityPage({ params }: PageProps<'/[locale]/accessibility'>) {
  await localeParam(params);
  const t = await getTranslations('Accessibility');
  const site = siteConfig();
  const section = (id: string, heading: string, body: ReactNode) => (
    <section aria-labelledby={`a11y-${id}`} className="mt-10">
      <h2 id={`a11y-${id}`} className="text-2xl font-semibold">
        {heading}
      </h2>
      {body}
    </section>
  );
  const list = (keys: readonly string[]) => (
    <ul className="mt-4 list-disc space-y-2 pl-6">
      {keys.map((key) => (
        <li key={key}>{t(key as 'can1')}</li>
      ))}
    </ul>
  );

  return (
    <>
      <PageHeader title={t('title')} />
      <div className="mx-auto max-w-3xl px-4 py-12 leading-relaxed sm:px-6">
        <p>{t('intro', { name: site.name })}</p>
        {list(CAN)}
        {section('status', t('statusHeading'), <p className="mt-4">{t('status')}</p>)}
        {section('tested', t('testedHeading'), list(TESTED))}
        {section('known', t('knownHeading'), list(KNOWN))}
        {section(
          'report',
          t('reportHeading'),
          <p className="mt-4">
            {t.rich('report', {
              email: site.emails.general,
              phone: site.phone,
              mail: link(`mailto:${site.emails.general}`),
              tel: link(`tel:${site.phone.replace(/\s+/g, '')}`),
            })}
          </p>,
        )}
        {section(
          'enforcement',
          t('enforcementHeading'),
          <p className="mt-4">{t.rich('enforcement', { eass: link(EASS_URL) })}</p>,
        )}
        {section('prepared', t('preparedHeading'), <p className="mt-4">{t('prepared')}</p>)}
      </div>
    </>
  );
}
