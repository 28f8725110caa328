import { causeSlugRoute } from '@/app/[locale]/_routes/cause-route';

/** /cause/{slug} – the alias the footer and home link to (docs/SPEC-NOTES.md §2); its canonical URL is /causes/{slug}. */
const route = causeSlugRoute();

export const revalidate = 3600;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.CausePage;
