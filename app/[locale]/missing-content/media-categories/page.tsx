import { missingContentRoute } from '@/components/layout/missing-content';

/** The 404 page proxy.ts answers (status 404) for unknown media-categories: components/layout/missing-content.tsx. */
const route = missingContentRoute('media-categories');

export const generateMetadata = route.generateMetadata;
export default route.MissingContent;
