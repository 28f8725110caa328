import { MailCheck } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { EmailLinkForm } from '@/components/auth/email-link-form';
import { PageHeader } from '@/components/layout/page-header';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { Link } from '@/i18n/navigation';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/email-confirmation'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Auth' });
  return pageMetadata({
    locale,
    path: '/email-confirmation',
    title: t('confirmTitle'),
    description: t('confirmDescription'),
    noindex: true,
  });
}

/**
 * Email confirmation (docs/SPEC-NOTES.md §2 /email-confirmation): where sign-up lands. "Check your inbox", what the link does,
 * and a form to send the confirmation again. Reads no cookies (static).
 */
export default async function EmailConfirmationPage({ params }: PageProps<'/[locale]/email-confirmation'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Auth');
  const forms = await getTranslations('AuthForms');
  return (
    <>
      <PageHeader title={t('confirmTitle')} subtitle={t('confirmSubtitle')} />
      <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
        <MailCheck aria-hidden className="size-12 text-brand" />
        <p className="mt-4 text-lg">{t('confirmBody')}</p>
        <p className="mt-4 text-muted">{t('confirmHint')}</p>
        <h2 className="mt-10 text-xl font-bold">{forms('resendTitle')}</h2>
        <div className="mt-4">
          <ScopedClientMessages locale={locale} namespaces={['AuthForms']}>
            <EmailLinkForm purpose="resend" />
          </ScopedClientMessages>
        </div>
        <p className="mt-8">
          <Link href="/login" prefetch={false} className="font-medium text-brand underline">
            {t('backToLogin')}
          </Link>
        </p>
      </div>
    </>
  );
}
