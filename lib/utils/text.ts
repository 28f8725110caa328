import { decodeHTML } from 'entities';

/**
 * Text helpers for CMS strings, pure (used by lib/cms and by the event view model). WordPress's `title.rendered`
 * and `excerpt.rendered` are HTML (entities such as `&#8217;`, and sometimes tags); we show them as plain text,
 * never as HTML (ASVS V3.2.2).
 */

/** Inline elements: removed without a space, so `<strong>work</strong>.` stays `work.` rather than `work .`. */
const INLINE_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b[^>]*>/gi;

/** HTML → plain text: drops tags (and script/style bodies), decodes entities, collapses whitespace. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const withoutBlocks = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  // Block elements and <br> separate words; inline ones do not.
  const withoutTags = withoutBlocks.replace(INLINE_TAG, '').replace(/<[^>]*>/g, ' ');
  return decodeHTML(withoutTags)
    .replace(/\[&hellip;\]|\[…\]/g, '…')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Cuts text to at most `max` characters at a word boundary and adds an ellipsis when it cut anything
 * (docs/SPEC-NOTES.md §2 Home: initiative descriptions, 150 characters). The ellipsis is not counted in `max`.
 */
export function truncateAtWord(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const slice = clean.slice(0, max + 1);
  const lastSpace = slice.lastIndexOf(' ');
  const cut = lastSpace > max * 0.5 ? slice.slice(0, lastSpace) : clean.slice(0, max);
  return `${cut.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** Reading time in whole minutes (at least 1) at 220 words per minute. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
