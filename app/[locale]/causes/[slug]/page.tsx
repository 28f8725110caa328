import { causeSlugRoute } from '@/app/[locale]/_routes/cause-route';

/** /causes/{slug} – one cause, canonical for both this path and the /cause/{slug} alias. */
const route = causeSlugRoute();

export const revalidate = 3600;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.CausePage;
