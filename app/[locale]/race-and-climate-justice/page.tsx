import { contentPageRoute } from '@/app/[locale]/_routes/content-page';

/** /race-and-climate-justice – the WordPress page `race-and-climate-justice` (docs/SPEC-NOTES.md §2). ISR; the webhook revalidates `page:race-and-climate-justice`. */
const route = contentPageRoute({ slug: 'race-and-climate-justice' });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
