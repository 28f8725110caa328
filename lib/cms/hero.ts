import { z } from 'zod';

import { normalizeImageUrl, type ImageHostConfig } from './images';
import { htmlToText, truncateAtWord } from '@/lib/utils/text';

/**
 * The home page hero an editor sets in WordPress (Pages → Home page hero, wordpress/lrjn-companion/includes/hero.php),
 * read from `GET /wp-json/lrjn/v1/hero`. Pure: parses and sanitises the answer; the read itself is
 * `getWordPressHero` in index.ts.
 */

export type WordPressHero = {
  heading?: string;
  text?: string;
  /** Absolute http(s) URL (host-rewritten like every CMS image) or a site path. */
  image?: { url: string; alt: string; width?: number; height?: number };
  buttonLabel?: string;
  /** A site path or an http(s) URL. */
  buttonLink?: string;
};

const str = z.string().optional().catch(undefined);
const num = z.number().int().positive().optional().catch(undefined);

const heroAnswer = z.object({
  heading: str,
  text: str,
  image: z
    .object({ url: z.string(), alt: z.string().catch(''), width: num, height: num })
    .nullable()
    .optional()
    .catch(undefined),
  buttonLabel: str,
  buttonLink: str,
});

function line(value: string | undefined, max: number): string | undefined {
  const text = htmlToText(value ?? '');
  return text ? truncateAtWord(text, max) : undefined;
}

/** A site path (not protocol-relative, no backslash) or an http(s) URL with a host, else undefined. */
export function heroLink(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v || /\s/.test(v)) return undefined;
  if (v.startsWith('/')) return v.startsWith('//') || v.includes('\\') ? undefined : v;
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The plugin's answer → the fields an editor filled in (texts plain, at most 120/300/60 characters; link and
 * image only if safe). Null when the answer is not the plugin's or every field is empty.
 */
export function parseWordPressHero(raw: unknown, config: ImageHostConfig = {}): WordPressHero | null {
  const parsed = heroAnswer.safeParse(raw);
  if (!parsed.success) return null;
  const a = parsed.data;
  const imageUrl = a.image ? heroLink(normalizeImageUrl(a.image.url, config)) : undefined;
  const hero: WordPressHero = {
    heading: line(a.heading, 120),
    text: line(a.text, 300),
    image:
      imageUrl && a.image
        ? { url: imageUrl, alt: line(a.image.alt, 200) ?? '', width: a.image.width, height: a.image.height }
        : undefined,
    buttonLabel: line(a.buttonLabel, 60),
    buttonLink: heroLink(a.buttonLink),
  };
  const kept = Object.fromEntries(Object.entries(hero).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length > 0 ? (kept as WordPressHero) : null;
}
