import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ContactDetails } from '@/components/contact/contact-details';
import { ContactForm } from '@/components/contact/contact-form';
import { ExitControl } from '@/components/help/exit-control';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { siteConfig } from '@/lib/config/site';
import { webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

/** Static (no CMS or database read); revalidated like the other pages so a changed site config shows. */
export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/contact'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Contact' });
  return pageMetadata({ locale, path: '/contact', title: t('title'), description: t('metaDescription') });
}

/**
 * Contact (docs/SPEC-NOTES.md §2 Contact): the address, phone and the five emails by purpose (server-rendered), and the message
 * form, a client island that saves the enquiry and then forwards it by email (lib/enquiries/actions.ts), with the
 * privacy line under it. Never reads cookies or headers: the page stays static.
 */
export default async function ContactPage({ params }: PageProps<'/[locale]/contact'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Contact');
  const site = siteConfig();
  return (
    <>
      <JsonLd
        data={{
          ...webPageJsonLd(site, {
            url: localizedPath(locale, '/contact'),
            name: t('title'),
            description: t('metaDescription'),
            inLanguage: locale,
          }),
          '@type': 'ContactPage',
          about: { '@id': `${site.url}/#organization` },
        }}
      />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {/* Someone may be writing about what happened to them: 'Exit this page', in view over the whole page. */}
      <div className="pt-4">
        <ExitControl columnClassName="mx-auto max-w-7xl px-4 sm:px-6" />
        <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-6 pb-12 sm:px-6 lg:grid-cols-[2fr_3fr]">
          <ContactDetails site={site} />
          <section aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading" className="text-2xl font-bold">
              {t('formHeading')}
            </h2>
            <p className="mt-2 text-muted">{t('formIntro')}</p>
            <div className="mt-6">
              <ScopedClientMessages locale={locale} namespaces={['ContactForm']}>
                <ContactForm contactEmail={site.emails.general} />
              </ScopedClientMessages>
            </div>
            <p className="mt-6 text-sm text-muted">
              {t.rich('privacy', {
                link: (chunks) => (
                  <Link href="/privacy-policy" className="text-brand underline underline-offset-2">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
