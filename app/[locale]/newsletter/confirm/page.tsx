import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { confirmNewsletterAction } from '@/lib/newsletter/actions';
import { type LinkPanelState, NewsletterLinkPanel } from '@/components/newsletter/newsletter-link-panel';
import { localeParam } from '@/i18n/params';
import { checkConfirmLink } from '@/lib/mailing';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/newsletter/confirm'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'NewsletterLinks' });
  return pageMetadata({
    locale,
    path: '/newsletter/confirm',
    title: t('confirmTitle'),
    description: t('confirmBody'),
    noindex: true,
  });
}

const RESULTS: readonly LinkPanelState[] = ['confirmed', 'already-active', 'invalid', 'expired', 'error'];

/**
 * The emailed confirmation link (`?token=…`) of the newsletter's double opt-in. Opening it changes nothing (mail
 * scanners fetch links): it checks the token and shows a confirm button, whose server action
 * (`confirmNewsletterAction`) confirms and comes back with `?result=…`. Rendered per request, never indexed.
 */
export default async function NewsletterConfirmPage({
  params,
  searchParams,
}: PageProps<'/[locale]/newsletter/confirm'>) {
  const locale = await localeParam(params);
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : undefined;
  const result = typeof query.result === 'string' ? query.result : undefined;
  let state: LinkPanelState = 'invalid';
  if (token) {
    const check = await checkConfirmLink(token);
    state = check === 'confirmed' ? 'confirm' : check;
  } else if (result && (RESULTS as readonly string[]).includes(result)) {
    state = result as LinkPanelState;
  }
  return (
    <NewsletterLinkPanel
      state={state}
      purpose="confirm"
      token={token}
      locale={locale}
      action={confirmNewsletterAction}
    />
  );
}
