import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { JsonLd } from '@/components/seo/json-ld';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { siteConfig } from '@/lib/config/site';
import { faqPageJsonLd, webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return pageMetadata({ locale, path: '/', description: t('siteDescription') });
}

const STATS = [
  { value: '10+', label: 'statReports' },
  { value: '2,500+', label: 'statMembers' },
  { value: '35', label: 'statPartners' },
  { value: '10,000+', label: 'statHours' },
] as const;

const VALUES = ['Learn', 'Support', 'Act', 'Connect'] as const;
const FAQ = [1, 2, 3, 4, 5] as const;

const faqLinks = {
  community: (chunks: ReactNode) => (
    <Link href="/community" prefetch={false} className="text-brand underline">
      {chunks}
    </Link>
  ),
  ourWork: (chunks: ReactNode) => (
    <Link href="/our-work" prefetch={false} className="text-brand underline">
      {chunks}
    </Link>
  ),
  blog: (chunks: ReactNode) => (
    <Link href="/blog" prefetch={false} className="text-brand underline">
      {chunks}
    </Link>
  ),
  events: (chunks: ReactNode) => (
    <Link href="/events" prefetch={false} className="text-brand underline">
      {chunks}
    </Link>
  ),
};
const plain = {
  community: (c: string) => c,
  ourWork: (c: string) => c,
  blog: (c: string) => c,
  events: (c: string) => c,
};

/**
 * Home (spec §2 Home): the hero with its defaults, Our Impact, Why Join, the FAQ and Get in Touch.
 * The CMS-driven sections (initiatives, latest reports, featured posts) and the newsletter form join this page
 * with the content and forms issues.
 */
export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('HomePage');
  const tm = await getTranslations('Metadata');
  const site = siteConfig();

  return (
    <>
      <JsonLd
        data={webPageJsonLd(site, {
          url: localizedPath(locale, '/'),
          name: site.name,
          description: tm('siteDescription'),
          inLanguage: locale,
        })}
      />
      <JsonLd
        data={faqPageJsonLd(
          FAQ.map((n) => ({ question: t(`faq${n}Question`), answer: t.markup(`faq${n}Answer`, plain) })),
        )}
      />

      <section
        aria-labelledby="hero-title"
        className="flex min-h-[60vh] items-center bg-gradient-to-br from-[#3b0764] via-[#4c1d95] to-[#1e3a8a] text-white"
      >
        <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
          <h1
            id="hero-title"
            className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            {site.name}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-white/90 sm:text-xl">{t('heroSubtitle')}</p>
          <Link
            href="/community"
            className="mt-8 inline-flex rounded-full bg-accent px-7 py-3 text-base font-semibold text-accent-fg hover:brightness-95"
          >
            {t('heroCta')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="impact-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="impact-title" className="text-3xl font-bold">
          {t('impactHeading')}
        </h2>
        <p className="mt-2 text-muted">{t('impactIntro')}</p>
        <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="rounded-2xl border border-border bg-surface p-6">
              <dt className="text-sm text-muted">{t(stat.label)}</dt>
              <dd className="mt-2 text-3xl font-bold text-brand">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="why-join-title" className="bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="why-join-title" className="text-3xl font-bold">
            {t('whyJoinHeading')}
          </h2>
          <p className="mt-2 text-muted">{t('whyJoinIntro')}</p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((value) => (
              <li key={value} className="rounded-2xl border border-border bg-bg p-6">
                <h3 className="text-lg font-semibold">{t(`value${value}Title`)}</h3>
                <p className="mt-2 text-muted">{t(`value${value}Body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="faq-title" className="text-3xl font-bold">
          {t('faqHeading')}
        </h2>
        <div className="mt-8 divide-y divide-border rounded-2xl border border-border">
          {FAQ.map((n) => (
            <details key={n} className="group p-5">
              <summary className="cursor-pointer font-semibold marker:text-brand">
                {t(`faq${n}Question`)}
              </summary>
              <p className="mt-3 text-muted">{t.rich(`faq${n}Answer`, faqLinks)}</p>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="contact-title" className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="rounded-3xl bg-surface-strong px-6 py-12 text-center">
          <h2 id="contact-title" className="text-3xl font-bold">
            {t('contactHeading')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">{t('contactBody')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              href="/contact"
              className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-fg hover:bg-brand-hover"
            >
              {t('contactCta')}
            </Link>
            <Link
              href="/about"
              className="rounded-full border border-border bg-bg px-6 py-3 font-semibold hover:bg-surface"
            >
              {t('aboutCta')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
