import type { Cause } from '@/lib/cms/types';

/**
 * The charity's programmes (the CMS's causes) and the three ways the site lists them:
 * - the home page's "Our Initiatives": exactly the seven initiatives the spec names, in its order (HOME_INITIATIVES;
 *   docs/SPEC-NOTES.md §2 Home);
 * - the footer's causes column: the spec's own six cause links, in its order (FOOTER_CAUSES; §2 Footer);
 * - Our work and /causes: every cause, the seven first in the spec's order, then any other alphabetically as the
 *   CMS lists them (PROGRAMME_ORDER).
 */
export const HOME_INITIATIVES = [
  'race-and-climate-justice',
  'responses-and-actions',
  'stop-the-scan',
  'pastoral-work',
  'collective-conversations',
  'international-solidarities',
  'unlearning-racism',
] as const;

/** The order of every cause on Our work and /causes: the home initiatives first. */
export const PROGRAMME_ORDER = HOME_INITIATIVES;

/** The footer's cause links as the spec lists them (§2 Footer). */
export const FOOTER_CAUSES = [
  'race-and-climate-justice',
  'training-and-facilitation',
  'pastoral-work',
  'migration-and-securitisation',
  'collective-conversations',
  'international-solidarities',
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

/**
 * The causes whose slugs are in `slugs`, in that order (pure). A slug the CMS does not have is left out (an editor
 * unpublished it), never invented; causes not in the list are left out too.
 */
export function pickCauses(causes: readonly Cause[], slugs: readonly string[]): Cause[] {
  const bySlug = new Map(causes.map((cause) => [cause.slug, cause]));
  return slugs.flatMap((slug) => {
    const cause = bySlug.get(slug);
    return cause ? [cause] : [];
  });
}
