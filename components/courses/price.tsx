import { getTranslations } from 'next-intl/server';

import { priceAmount } from './format';

/** A course price: 'Free', or '£25' in the page's locale's wording. Server component. */
export async function CoursePrice({ price }: { price: number }) {
  const t = await getTranslations('Courses');
  const amount = priceAmount(price);
  return <>{amount ? t('price', { amount }) : t('free')}</>;
}
