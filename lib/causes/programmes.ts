import type { Cause } from '@/lib/cms/types';

/**
 * The charity's programmes, which the site calls causes ("Our causes"): ONE list, read from the CMS's causes, shown
 * the same way on the home page, Our work, /causes and in the footer. The spec's seven home initiatives come first,
 * in its order (docs/SPEC-NOTES.md §2 Home), then any other cause, alphabetically as the CMS lists them.
 */
export const PROGRAMME_ORDER = [
  'race-and-climate-justice',
  'responses-and-actions',
  'stop-the-scan',
  'pastoral-work',
  'collective-conversations',
  'international-solidarities',
  'unlearning-racism',
] as const;

/** Every cause, in programme order (pure: the causes themselves are not changed). */
export function orderProgrammes(causes: readonly Cause[]): Cause[] {
  const rank = (slug: string) => {
    const i = (PROGRAMME_ORDER as readonly string[]).indexOf(slug);
    return i === -1 ? PROGRAMME_ORDER.length : i;
  };
  return causes
    .map((cause, index) => ({ cause, index }))
    .sort((a, b) => rank(a.cause.slug) - rank(b.cause.slug) || a.index - b.index)
    .map(({ cause }) => cause);
}
