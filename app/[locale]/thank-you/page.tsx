import { CircleCheck } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { SubscribedEmail } from '@/components/newsletter/subscribed-email';
import { StatusPanel } from '@/components/layout/status-panel';
import { localeParam } from '@/i18n/params';
import { parseThankYouQuery, type ThankYouType } from '@/lib/redirects';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/thank-you'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'ThankYou' });
  // A stop on the way back from a form, never a search result.
  return pageMetadata({
    locale,
    path: '/thank-you',
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

const MESSAGES = {
  newsletter: ['newsletterTitle', 'newsletterBody'],
  contact: ['contactTitle', 'contactBody'],
  registration: ['registrationTitle', 'registrationBody'],
  donation: ['donationTitle', 'donationBody'],
  generic: ['genericTitle', 'genericBody'],
} as const satisfies Record<ThankYouType, readonly [string, string]>;

/**
 * Thank-you (docs/SPEC-NOTES.md §2): `?type=&source=&returnTo=`, where forms send visitors after a success. A message per type
 * (docs/SPEC-NOTES.md §8 texts for the newsletter and registration), and a link back to `returnTo` when it is a safe site path,
 * else home. Reads searchParams, so it renders per request; nothing from the URL is shown as text.
 */
export default async function ThankYouPage({ params, searchParams }: PageProps<'/[locale]/thank-you'>) {
  await localeParam(params);
  const t = await getTranslations('ThankYou');
  const { type, returnTo } = parseThankYouQuery(await searchParams);
  const [title, body] = MESSAGES[type];
  const home = { href: '/', label: t('returnHome') };
  const actions = returnTo && returnTo !== '/' ? [{ href: returnTo, label: t('goBack') }, home] : [home];

  return (
    <div data-thank-you-type={type}>
      <StatusPanel title={t(title)} body={t(body)} actions={actions}>
        <CircleCheck aria-hidden className="mx-auto mt-6 size-12 text-brand" />
        {type === 'newsletter' ? <SubscribedEmail /> : null}
      </StatusPanel>
    </div>
  );
}
