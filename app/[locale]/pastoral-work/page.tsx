import { contentPageRoute } from '@/app/[locale]/_routes/content-page';

/**
 * /pastoral-work – the WordPress page `pastoral-work` (docs/SPEC-NOTES.md §2), with 'Exit this page' (a support
 * service: lib/help/support-pages.ts). ISR; the webhook revalidates `page:pastoral-work`.
 */
const route = contentPageRoute({ slug: 'pastoral-work', exit: true });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
