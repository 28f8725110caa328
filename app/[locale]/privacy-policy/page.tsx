import { contentPageRoute } from '@/app/[locale]/_routes/content-page';
import { RetentionNotice } from '@/components/data-rights/retention-notice';

/**
 * /privacy-policy – the WordPress page `privacy-policy` (docs/SPEC-NOTES.md §2), followed by the site's own
 * statement of its retention periods and data rights in the page's language (components/data-rights). ISR; the
 * webhook revalidates `page:privacy-policy`.
 */
const route = contentPageRoute({ slug: 'privacy-policy', after: RetentionNotice });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;
export default route.ContentPage;
