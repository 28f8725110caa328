/**
 * Pages someone in distress is likely to be reading, which offer 'Exit this page' (GOV.UK's guidance: on every page of
 * a sensitive service) although nothing tags them: the pastoral work pages (the WordPress page and the cause, at
 * /pastoral-work, /causes/pastoral-work and /cause/pastoral-work) and /contact. The Get help page, the drop-in event
 * (lib/help/drop-in.ts `isDropIn`) and anything tagged `content-note` (lib/cms/content-note.ts) offer it too. Pure.
 */
export const SUPPORT_CAUSE_SLUGS: ReadonlySet<string> = new Set(['pastoral-work']);

/** Whether the cause with this slug is a support service (its page then offers 'Exit this page'). */
export function isSupportCause(slug: string): boolean {
  return SUPPORT_CAUSE_SLUGS.has(slug);
}
