import { contentPageRoute } from '@/components/cms/content-page';

/** /privacy-policy – the WordPress page `privacy-policy` (docs/SPEC-NOTES.md §2). ISR; the webhook revalidates `page:privacy-policy`. */
const route = contentPageRoute({ slug: 'privacy-policy' });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
