import { contentPageRoute } from '@/app/[locale]/_routes/content-page';

/** /unlearning-racism – the WordPress page `unlearning-racism` (docs/SPEC-NOTES.md §2). ISR; the webhook revalidates `page:unlearning-racism`. */
const route = contentPageRoute({ slug: 'unlearning-racism' });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
