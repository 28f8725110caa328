import { contentPageRoute } from '@/app/[locale]/_routes/content-page';

/** /about – the WordPress page `about` (docs/SPEC-NOTES.md §2). ISR; the webhook revalidates `page:about`. */
const route = contentPageRoute({ slug: 'about', comingSoonWhenEmpty: true });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
