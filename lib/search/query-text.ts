/**
 * The one bound on search text read from a URL (`?q=` of the blog and the archive; issue 20): at most
 * `MAX_QUERY_LENGTH` characters are kept, so a hand-made address with kilobytes of text can neither make a search
 * slow nor give the cached list views (lib/redirects/list-views.ts) an unbounded state. Pure, no imports: the
 * proxy runs it.
 */

/** Longest search text kept, in UTF-16 code units (the search boxes' `maxLength`). */
export const MAX_QUERY_LENGTH = 100;

/**
 * `text` trimmed and cut to `MAX_QUERY_LENGTH`, never in the middle of a surrogate pair (an emoji), trimmed again.
 * Takes any string; returns '' for blank input. Longer input is cut, not rejected: it came from a URL someone may
 * have edited.
 */
export function capQueryText(text: string): string {
  let kept = text.trim();
  if (kept.length <= MAX_QUERY_LENGTH) return kept;
  kept = kept.slice(0, MAX_QUERY_LENGTH);
  const last = kept.charCodeAt(kept.length - 1);
  // A high surrogate without its low half would be sent back as U+FFFD.
  if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
  return kept.trim();
}
