import { contentPageRoute } from '@/components/cms/content-page';

/** /our-work – the WordPress page `our-work` (docs/SPEC-NOTES.md §2). ISR; the webhook revalidates `page:our-work`. */
const route = contentPageRoute({ slug: 'our-work' });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
