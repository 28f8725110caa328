import { contentPageRoute } from '@/app/[locale]/_routes/content-page';

/** /stop-the-scan – the WordPress page `stop-the-scan` (docs/SPEC-NOTES.md §2). ISR; the webhook revalidates `page:stop-the-scan`. */
const route = contentPageRoute({ slug: 'stop-the-scan' });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
