import type { WordPressHero } from '@/lib/cms';

import type { HeroOverride } from './hero-override';

/**
 * What the home hero shows, field by field (pure). Precedence, highest first:
 * 1. WordPress: Pages → Home page hero in the companion plugin (`lrjn/v1/hero`), what editors use;
 * 2. the database row (`homepage_content`, lib/home/hero-override.ts), kept as the fallback for sites without the
 *    plugin's hero (or for a field left empty there);
 * 3. the WordPress home page's own fields (ACF subtitle, CTA, featured or first image);
 * 4. the built-in defaults (translated texts, the default background, `/community`).
 * WordPress and the database hold English only: their texts replace the English defaults only, the other
 * locales keep their translations; images and the link apply to every locale.
 *
 * The background image follows the spec's order (§2 Home: featured media, else the first image in the content,
 * else the fallback background_image, else a gradient), with the WordPress hero editor's image (issue 18) before it:
 * WordPress hero image → the page's featured media → its first content image → its background_image field → the
 * homepage_content row's background_image → the built-in default; when every one fails, the hero's gradient.
 */
export type HeroSources = {
  english: boolean;
  wordpress: WordPressHero | null;
  database: HeroOverride | null;
  page: {
    subtitle?: string;
    ctaText?: string;
    ctaLink?: string;
    images: (string | null | undefined)[];
  } | null;
  defaults: { heading: string; subtitle: string; ctaText: string; ctaLink: string; image: string };
};

export type ResolvedHero = {
  heading: string;
  subtitle: string;
  ctaText: string;
  ctaLink: string;
  /** Background candidates in the spec's order (see above); the hero moves on when one fails to load. */
  images: string[];
  /** The link leaves the site (a plain `<a>` rather than the locale-aware Link). */
  ctaExternal: boolean;
};

/** A CTA link from the page fields is used only if it is a site path or an http(s) URL. */
function safeLink(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//.test(value) ? value : undefined;
}

/** The hero's texts, link and background candidates from its sources, by the precedence above. */
export function resolveHero({ english, wordpress, database, page, defaults }: HeroSources): ResolvedHero {
  const wp = wordpress ?? {};
  const db = database ?? {};
  const en = (value: string | undefined) => (english ? value : undefined);
  const ctaLink = wp.buttonLink ?? db.ctaLink ?? safeLink(page?.ctaLink) ?? defaults.ctaLink;
  const images = [wp.image?.url, ...(page?.images ?? []), db.backgroundImage, defaults.image].filter(
    (src): src is string => Boolean(src),
  );
  return {
    heading: en(wp.heading) ?? defaults.heading,
    subtitle: en(wp.text) ?? en(db.subtitle) ?? en(page?.subtitle) ?? defaults.subtitle,
    ctaText: en(wp.buttonLabel) ?? en(db.ctaText) ?? en(page?.ctaText) ?? defaults.ctaText,
    ctaLink,
    images: [...new Set(images)],
    ctaExternal: /^https?:/.test(ctaLink),
  };
}
