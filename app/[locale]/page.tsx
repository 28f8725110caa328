import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { CmsHtml } from '@/components/cms/cms-html';
import { DonateCta } from '@/components/donate/donate-cta';
import {
  FeaturedPostsSection,
  LatestReportsSection,
  ProgrammesSection,
} from '@/components/home/content-sections';
import { HeroImage } from '@/components/home/hero-image';
import { NewsletterSignup } from '@/components/newsletter/newsletter-signup';
import { HomeVideo, isShowableVideo } from '@/components/home/home-video';
import { SocialIcon, type SocialNetwork } from '@/components/layout/social-icons';
import { JsonLd } from '@/components/seo/json-ld';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { getProgrammes } from '@/lib/causes';
import { getHomePage, getLatestReports, getRecentPosts, getWordPressHero } from '@/lib/cms';
import { VOLUNTEER_STATS, formatStat, impactStats } from '@/lib/home/stats';
import { siteConfig } from '@/lib/config/site';
import { getHomepageOverride } from '@/lib/home/hero-override';
import { resolveHero } from '@/lib/home/resolve-hero';
import { faqPageJsonLd, webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

/**
 * ISR: the webhook revalidates the tags of every read below (home page, causes, reports, posts). 300 s, not the
 * CMS pages' 3600: the hero's database override (lib/home/hero-override.ts) is read at run time only, never at
 * build, so the build's copy must expire soon after start for a homepage_content row to show without a rebuild
 * (literal: Next reads segment config statically; equals HOMEPAGE_CONTENT_REVALIDATE).
 */
export const revalidate = 300;

/** Default hero background (docs/SPEC-NOTES.md §2 Home), drawn by scripts/demo-content/images.mjs. */
const DEFAULT_HERO = '/images/hero-default.jpg';

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

const VALUES = ['Learn', 'Support', 'Act', 'Connect'] as const;
const SOCIAL_ORDER: SocialNetwork[] = ['facebook', 'x', 'instagram', 'linkedin', 'youtube'];

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
 * Home (docs/SPEC-NOTES.md §2 Home): hero (CMS overrides and image fallback chain), Our Impact, Our Initiatives, Latest
 * Reports, Featured Posts, About with its video, Events & News, Join Our Community, Why Join, FAQ, volunteer
 * statistics, social links and Get in Touch, and the newsletter form (components/newsletter). Each CMS read degrades to an empty section rather than failing the page.
 */
export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('HomePage');
  const tm = await getTranslations('Metadata');
  const help = await getTranslations('HelpLinks');
  const site = siteConfig();
  const [home, wordpressHero, override, causes, reports, posts] = await Promise.all([
    getHomePage().catch(() => null),
    getWordPressHero(),
    getHomepageOverride(),
    getProgrammes(),
    getLatestReports(3).catch(() => []),
    getRecentPosts(3).catch(() => []),
  ]);
  const stats = await impactStats();
  // WordPress's hero editor, then the database row (docs/SPEC-NOTES.md §3 Homepage content), then the home page's
  // fields, then the defaults, field by field (lib/home/resolve-hero.ts).
  const hero = resolveHero({
    english: locale === 'en',
    wordpress: wordpressHero,
    database: override,
    page: home
      ? {
          ...home.fields,
          images: [home.image?.url, home.firstContentImage, home.fields.backgroundImage],
        }
      : null,
    defaults: {
      heading: site.name,
      subtitle: t('heroSubtitle'),
      ctaText: t('heroCta'),
      ctaLink: '/community',
      image: DEFAULT_HERO,
    },
  });
  const { ctaLink, ctaText, ctaExternal } = hero;

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
        className="relative isolate flex min-h-[60vh] items-center overflow-hidden bg-gradient-to-br from-[#3b0764] via-[#4c1d95] to-[#1e3a8a] text-white"
      >
        <div className="absolute inset-0 -z-10">
          <HeroImage candidates={hero.images} />
          <div className="absolute inset-0 bg-gradient-to-r from-[#1e0b3a]/90 via-[#2e1065]/75 to-[#1e3a8a]/50" />
        </div>
        <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
          <h1
            id="hero-title"
            className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            {hero.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-white/95 sm:text-xl">{hero.subtitle}</p>
          {ctaExternal ? (
            <a
              href={ctaLink}
              className="mt-8 inline-flex rounded-full bg-accent px-7 py-3 text-base font-semibold text-accent-fg hover:brightness-95"
            >
              {ctaText}
            </a>
          ) : (
            <Link
              href={ctaLink}
              className="mt-8 inline-flex rounded-full bg-accent px-7 py-3 text-base font-semibold text-accent-fg hover:brightness-95"
            >
              {ctaText}
            </Link>
          )}
          <Link
            href="/get-help"
            className="mt-8 ml-3 inline-flex rounded-full border-2 border-white px-7 py-2.5 text-base font-semibold text-white hover:bg-white/10"
          >
            {help('hero')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="impact-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="impact-title" className="text-3xl font-bold">
          {t('impactHeading')}
        </h2>
        <p className="mt-2 text-muted">{t('impactIntro')}</p>
        <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-2xl border border-border bg-surface p-6">
              <dt className="text-sm text-muted">{t(stat.label)}</dt>
              <dd className="mt-2 text-3xl font-bold text-brand">
                {formatStat(locale, stat.value, stat.plus)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <DonateCta context="home" />
      </div>

      <ProgrammesSection causes={causes} />
      <LatestReportsSection reports={reports} locale={locale} />
      <FeaturedPostsSection posts={posts} locale={locale} defaultAuthor={site.shortName} />

      {home && home.html ? (
        <section aria-labelledby="about-title" className="bg-surface">
          {/* Two columns only when there is a video to fill the second (no empty half on desktop). */}
          <div
            data-testid="home-about"
            className={`mx-auto grid gap-10 px-4 py-16 sm:px-6 ${
              isShowableVideo(home.fields.aboutVideo)
                ? 'max-w-7xl lg:grid-cols-2 lg:items-center'
                : 'max-w-3xl'
            }`}
          >
            <div>
              <h2 id="about-title" className="text-3xl font-bold">
                {t('aboutHeading')}
              </h2>
              <CmsHtml html={home.html} className="prose-base mt-4" />
              <Link
                href="/about"
                className="mt-6 inline-flex items-center gap-1 font-semibold text-brand hover:underline"
              >
                {t('aboutMore')}
              </Link>
            </div>
            {isShowableVideo(home.fields.aboutVideo) ? (
              <HomeVideo url={home.fields.aboutVideo} title={t('aboutVideoTitle', { name: site.name })} />
            ) : null}
          </div>
        </section>
      ) : null}

      <section
        aria-label={t('exploreLabel')}
        className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2"
      >
        <div className="rounded-3xl border border-border p-8">
          <h2 className="text-2xl font-bold">{t('eventsNewsHeading')}</h2>
          <p className="mt-2 text-muted">{t('eventsNewsBody')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              href="/events"
              className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-fg hover:bg-brand-hover"
            >
              {t('eventsCta')}
            </Link>
            <Link
              href="/blog"
              className="rounded-full border border-border px-5 py-2.5 font-semibold hover:bg-surface"
            >
              {t('newsCta')}
            </Link>
          </div>
        </div>
        <div className="rounded-3xl border border-border p-8">
          <h2 className="text-2xl font-bold">{t('joinHeading')}</h2>
          <p className="mt-2 text-muted">{t('joinBody')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              href="/community"
              className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-fg hover:bg-brand-hover"
            >
              {t('joinCommunityCta')}
            </Link>
            <Link
              href="/archive"
              className="rounded-full border border-border px-5 py-2.5 font-semibold hover:bg-surface"
            >
              {t('joinArchiveCta')}
            </Link>
            <Link
              href="/media"
              className="rounded-full border border-border px-5 py-2.5 font-semibold hover:bg-surface"
            >
              {t('joinMediaCta')}
            </Link>
          </div>
        </div>
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

      <section
        id="newsletter"
        aria-labelledby="newsletter-home-title"
        className="mx-auto max-w-3xl px-4 pb-16 sm:px-6"
      >
        <NewsletterSignup source="home" />
      </section>

      <section
        aria-labelledby="volunteers-title"
        className="mx-auto grid max-w-7xl gap-6 px-4 pb-16 sm:px-6 lg:grid-cols-[2fr_1fr]"
      >
        <div className="rounded-3xl bg-gradient-to-br from-[#3b0764] to-[#1e3a8a] p-8 text-white">
          <h2 id="volunteers-title" className="text-2xl font-bold">
            {t('volunteersHeading')}
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-6 sm:grid-cols-4">
            {VOLUNTEER_STATS.map((stat) => (
              <div key={stat.label}>
                <dt className="text-sm text-white/85">{t(`volunteers${stat.label}`)}</dt>
                <dd className="mt-1 text-3xl font-bold">{formatStat(locale, stat.value, stat.plus)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="rounded-3xl border border-border p-8">
          <h2 className="text-2xl font-bold">{t('followHeading')}</h2>
          <p className="mt-2 text-muted">{t('followBody')}</p>
          <ul className="mt-6 flex flex-wrap gap-3">
            {SOCIAL_ORDER.map((network) => (
              <li key={network}>
                <a
                  href={site.social[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-11 items-center justify-center rounded-full border border-border hover:bg-surface"
                >
                  <SocialIcon network={network} />
                  <span className="sr-only">{t(`social.${network}`)}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="contact-title" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="rounded-3xl bg-surface-strong px-6 py-12 text-center">
          <h2 id="contact-title" className="text-3xl font-bold">
            {t('contactHeading')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">{t('contactBody')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              href="/contact"
              prefetch={false}
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
