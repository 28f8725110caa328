import { getLocale, getTranslations } from 'next-intl/server';

import { formatMoney } from '@/lib/format';

/** A course price: 'Free', or the amount in pounds in the page's locale ('£25', '£12.50', '12,50 £'). Server component. */
export async function CoursePrice({ price }: { price: number }) {
  const [t, locale] = await Promise.all([getTranslations('Courses'), getLocale()]);
  return <>{Number.isFinite(price) && price > 0 ? formatMoney(price, locale) : t('free')}</>;
}
