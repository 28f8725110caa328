import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { RegistrationPageForm } from '@/components/community/registration-page-form';
import { PageHeader } from '@/components/layout/page-header';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { localeParam } from '@/i18n/params';
import { countryOptions } from '@/lib/countries';
import { pageMetadata } from '@/lib/seo/metadata';

/** Static like /community: the form's answers to a post are rendered per request, never cached. */
export const revalidate = 3600;

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/community/register'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Registration' });
  // The same form as the dialog on /community, which is the page to find.
  return pageMetadata({
    locale,
    path: '/community/register',
    title: t('dialogTitle'),
    description: t('dialogIntro'),
    noindex: true,
  });
}

/**
 * Network Registration on a page of its own: where 'Register for free' on /community leads without JavaScript
 * or before the page has hydrated (with JavaScript it opens the dialog instead). The country names are rendered
 * here, in the page's locale, so the whole form works without JavaScript.
 */
export default async function RegisterPage({ params }: PageProps<'/[locale]/community/register'>) {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Registration' });
  const countries = await countryOptions(locale);
  return (
    <>
      <PageHeader title={t('dialogTitle')} subtitle={t('dialogIntro')} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <ScopedClientMessages locale={locale} namespaces={['Registration']}>
          <RegistrationPageForm countries={countries} />
        </ScopedClientMessages>
      </div>
    </>
  );
}
