import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { unsubscribeNewsletterAction } from '@/lib/newsletter/actions';
import { type LinkPanelState, NewsletterLinkPanel } from '@/components/newsletter/newsletter-link-panel';
import { localeParam } from '@/i18n/params';
import { checkUnsubscribeToken } from '@/lib/mailing';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/newsletter/unsubscribe'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'NewsletterLinks' });
  return pageMetadata({
    locale,
    path: '/newsletter/unsubscribe',
    title: t('unsubscribeTitle'),
    description: t('unsubscribeBody'),
    noindex: true,
  });
}

const RESULTS: readonly LinkPanelState[] = ['unsubscribed', 'invalid', 'expired', 'error'];

/**
 * The unsubscribe link of every newsletter email (`?token=…`): checks the signed token and shows a button, whose
 * server action (`unsubscribeNewsletterAction`) unsubscribes and comes back with `?result=…`. No login; opening
 * the link alone changes nothing. Mail clients' one-click unsubscribe posts to /api/newsletter/unsubscribe.
 */
export default async function NewsletterUnsubscribePage({
  params,
  searchParams,
}: PageProps<'/[locale]/newsletter/unsubscribe'>) {
  const locale = await localeParam(params);
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : undefined;
  const result = typeof query.result === 'string' ? query.result : undefined;
  let state: LinkPanelState = 'invalid';
  if (token) {
    const check = checkUnsubscribeToken(token);
    state = check === 'unsubscribed' ? 'unsubscribe' : check;
  } else if (result && (RESULTS as readonly string[]).includes(result)) {
    state = result as LinkPanelState;
  }
  return (
    <NewsletterLinkPanel
      state={state}
      purpose="unsubscribe"
      token={token}
      locale={locale}
      action={unsubscribeNewsletterAction}
    />
  );
}
