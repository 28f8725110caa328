import { getTranslations } from 'next-intl/server';

import { HeroImage } from '@/components/home/hero-image';
import { ButtonLink } from '@/components/ui/button-link';
import type { Locale } from '@/i18n/routing';
import { getHomePage, getWordPressHero } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { getHomepageOverride } from '@/lib/home/hero-override';
import { resolveHero } from '@/lib/home/resolve-hero';

/** Default hero background (docs/SPEC-NOTES.md §2 Home), drawn by scripts/demo-content/images.mjs. */
const DEFAULT_HERO = '/images/hero-default.jpg';

/**
 * The home hero: heading, subtitle, call to action and the 'get help' link over the background image. Each field
 * comes from WordPress's hero editor, then the database row (docs/SPEC-NOTES.md §3 Homepage content), then the
 * home page's fields, then the defaults (lib/home/resolve-hero.ts); the database row is read at run time only.
 */
export async function HeroSection({ locale }: { locale: Locale }) {
  const [t, help, home, wordpressHero, override] = await Promise.all([
    getTranslations('HomePage'),
    getTranslations('HelpLinks'),
    getHomePage().catch(() => null),
    getWordPressHero(),
    getHomepageOverride(),
  ]);
  const hero = resolveHero({
    english: locale === 'en',
    wordpress: wordpressHero,
    database: override,
    page: home
      ? { ...home.fields, images: [home.image?.url, home.firstContentImage, home.fields.backgroundImage] }
      : null,
    defaults: {
      heading: siteConfig().name,
      subtitle: t('heroSubtitle'),
      ctaText: t('heroCta'),
      ctaLink: '/community',
      image: DEFAULT_HERO,
    },
  });

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-[60vh] items-center overflow-hidden bg-gradient-to-br from-[#3b0764] via-[#4c1d95] to-[#1e3a8a] text-white"
    >
      <div className="absolute inset-0 -z-10">
        <HeroImage candidates={hero.images} />
        <div className="absolute inset-0 bg-gradient-to-r from-[#1e0b3a]/90 via-[#2e1065]/75 to-[#1e3a8a]/50" />
      </div>
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <h1 id="hero-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {hero.heading}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-pretty text-white/95 sm:text-xl">{hero.subtitle}</p>
        <ButtonLink
          href={hero.ctaLink}
          external={hero.ctaExternal}
          variant="accent"
          size="lg"
          className="mt-8 border-2 border-transparent"
        >
          {hero.ctaText}
        </ButtonLink>
        <ButtonLink href="/get-help" variant="inverse" size="lg" className="mt-8 ml-3">
          {help('hero')}
        </ButtonLink>
      </div>
    </section>
  );
}
