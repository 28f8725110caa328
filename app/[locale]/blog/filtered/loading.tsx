import { getTranslations } from 'next-intl/server';

import { LoadingStatus } from '@/components/layout/loading-status';

/**
 * Shown while this per-request view renders (a search, a filter, another page of results). Only here, where the
 * page never calls `notFound()` or `redirect()`: above such a page, Next would have sent a 200 with this state
 * before the page could answer 404.
 */
export default async function Loading() {
  const t = await getTranslations('Loading');
  return <LoadingStatus label={t('content')} />;
}
