import type { Metadata, Viewport } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';

import { PreviewBanner } from '@/components/cms/preview-banner';
import { DemoBanner } from '@/components/demo/demo-banner';
import { CookieBanner } from '@/components/layout/cookie-banner';
import { DeferredIslands } from '@/components/layout/deferred-islands';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { ThemeProvider } from '@/components/layout/theme-provider';
import { WindowErrorScreen } from '@/components/layout/window-error-screen';
import { JsonLd } from '@/components/seo/json-ld';
import { ClientIntlProvider } from '@/i18n/client';
import { CLIENT_NAMESPACES } from '@/i18n/client-namespaces';
import type { Messages } from '@/i18n/messages';
import { localeParam } from '@/i18n/params';
import { routing } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { keywordList } from '@/lib/seo/metadata';

import '../globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const site = siteConfig();
  return {
    metadataBase: new URL(site.url),
    title: { template: `%s | ${site.name}`, default: site.name },
    description: t('siteDescription'),
    // Every page's keywords meta (docs/SPEC-NOTES.md §2 Page metadata); a post adds its categories (lib/seo/metadata.ts).
    keywords: keywordList(t('keywords')),
    applicationName: site.name,
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0b1120' },
  ],
};

/** The root layout of every page: <html lang>, theme, translations, header, footer and the global pieces. */
export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const locale = await localeParam(params);

  const site = siteConfig();
  const messages = await getMessages();
  const clientMessages = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]]));
  const t = await getTranslations('Header');

  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col">
        <ClientIntlProvider locale={locale} messages={clientMessages as Messages}>
          <ThemeProvider storageKey={`${site.shortName.toLowerCase()}-theme`}>
            <a
              href="#main-content"
              className="sr-only z-[60] rounded-md bg-brand px-4 py-2 font-semibold text-brand-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
            >
              {t('skipToContent')}
            </a>
            <PreviewBanner />
            {/* The one 'Demo site' notice while the placeholder identity is served (components/demo/demo-banner.tsx). */}
            <DemoBanner />
            <SiteHeader />
            {/* Before the page, not after the footer: parsed early, a first visitor's banner paints with the first
                paint instead of after the whole document (it is fixed at the bottom, so the layout is the same). */}
            <CookieBanner />
            <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteFooter />
            <WindowErrorScreen />
            {/* Toasts, the assistant's button, the navigation status and the scroll reset: after load and idle. */}
            <DeferredIslands shortName={site.shortName} />
          </ThemeProvider>
        </ClientIntlProvider>
        <JsonLd data={organizationJsonLd(site)} />
      </body>
    </html>
  );
}
