import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { DonateCta } from '@/components/donate/donate-cta';
import { AboutSection } from '@/components/home/about-section';
import { ContactCtaSection } from '@/components/home/contact-cta-section';
import {
  FeaturedPostsSection,
  LatestReportsSection,
  ProgrammesSection,
} from '@/components/home/content-sections';
import { ExploreSection } from '@/components/home/explore-section';
import { FaqSection } from '@/components/home/faq-section';
import { HeroSection } from '@/components/home/hero-section';
import { ImpactSection } from '@/components/home/impact-section';
import { NewsletterSection } from '@/components/home/newsletter-section';
import { VolunteersSection } from '@/components/home/volunteers-section';
import { WhyJoinSection } from '@/components/home/why-join-section';
import { JsonLd } from '@/components/seo/json-ld';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { getHomeInitiatives } from '@/lib/causes';
import { getHomePage, getLatestReports, getRecentPosts } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

/**
 * ISR: the webhook revalidates the tags of every read below (home page, causes, reports, posts). 300 s, not the
 * CMS pages' 3600: the hero's database override (lib/home/hero-override.ts) is read at run time only, never at
 * build, so the build's copy must expire soon after start for a homepage_content row to show without a rebuild
 * (literal: Next reads segment config statically; equals HOMEPAGE_CONTENT_REVALIDATE).
 */
export const revalidate = 300;

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const [t, header, home] = await Promise.all([
    getTranslations({ locale, namespace: 'Metadata' }),
    getTranslations({ locale, namespace: 'Header' }),
    getHomePage().catch(() => null),
  ]);
  // 'Home | {site name}': the same '{page} | {site name}' form as every other page.
  return pageMetadata({
    locale,
    path: '/',
    title: header('home'),
    description: t('siteDescription'),
    // WordPress holds English only: its SEO plugin's values would replace the other locales' translations.
    seo: locale === 'en' ? home?.seo : undefined,
  });
}

/**
 * Home (docs/SPEC-NOTES.md §2 Home): the sections of components/home in the spec's order. Each CMS read degrades
 * to an empty section rather than failing the page.
 */
export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = await localeParam(params);
  const site = siteConfig();
  const [tm, home, causes, reports, posts] = await Promise.all([
    getTranslations('Metadata'),
    getHomePage().catch(() => null),
    getHomeInitiatives(),
    getLatestReports(3).catch(() => []),
    getRecentPosts(3).catch(() => []),
  ]);
  const page = { url: localizedPath(locale, '/'), name: site.name, inLanguage: locale };
  return (
    <>
      <JsonLd data={webPageJsonLd(site, { ...page, description: tm('siteDescription') })} />
      <HeroSection locale={locale} />
      <ImpactSection locale={locale} />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <DonateCta context="home" />
      </div>
      <ProgrammesSection causes={causes} heading="initiatives" />
      <LatestReportsSection reports={reports} locale={locale} />
      <FeaturedPostsSection posts={posts} locale={locale} defaultAuthor={site.shortName} />
      <AboutSection home={home} />
      <ExploreSection />
      <WhyJoinSection />
      <FaqSection />
      <NewsletterSection />
      <VolunteersSection locale={locale} />
      <ContactCtaSection />
    </>
  );
}
