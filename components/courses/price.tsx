import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { formatMoney } from '@/lib/utils/format';

/** A course price: 'Free', or the amount in pounds in the page's locale ('£25', '£12.50', '12,50 £'). Server component. */
export async function CoursePrice({ price, locale }: { price: number; locale: Locale }) {
  const t = await getTranslations('Courses');
  return <>{Number.isFinite(price) && price > 0 ? formatMoney(price, locale) : t('free')}</>;
}
