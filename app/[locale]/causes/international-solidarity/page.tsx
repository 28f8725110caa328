import { fixedCauseRoute } from '@/app/[locale]/_routes/cause-route';

/**
 * /causes/international-solidarity (docs/SPEC-NOTES.md §2): the International Solidarity cause, whose CMS slug is
 * `international-solidarities` (the singular is tried too, should an editor rename it).
 */
const route = fixedCauseRoute({
  path: '/causes/international-solidarity',
  slugs: ['international-solidarities', 'international-solidarity'],
});

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.CausePage;
