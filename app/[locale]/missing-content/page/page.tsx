import { missingContentRoute } from '@/components/layout/missing-content';

/** The 404 page proxy.ts answers (status 404) for a path no route serves: components/layout/missing-content.tsx. */
const route = missingContentRoute('page');

export const generateMetadata = route.generateMetadata;
export default route.MissingContent;
